package dev.quiver.exec.plan;

import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;

/** Every row of every input (same column types), in no particular order. */
public record UnionAllNode(List<PlanNode> inputs, Schema schema) implements PlanNode {
  public UnionAllNode {
    inputs = List.copyOf(inputs);
    if (inputs.isEmpty()) {
      throw new IllegalArgumentException("a union needs an input");
    }
  }

  @Override
  public String label() {
    return "UnionAll";
  }
}
