package dev.quiver.exec.plan;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;

/** Skips {@code offset} rows, then passes at most {@code limit} (-1: all) rows, in no particular order. */
public record LimitNode(PlanNode input, long offset, long limit) implements PlanNode {
  public LimitNode {
    Objects.requireNonNull(input, "input");
  }

  @Override
  public Schema schema() {
    return input.schema();
  }

  @Override
  public List<PlanNode> inputs() {
    return List.of(input);
  }

  @Override
  public String label() {
    return "Limit[" + (offset > 0 ? "offset=" + offset + ", " : "") + "limit=" + limit + "]";
  }
}
