package dev.quiver.exec.plan;

import dev.quiver.expression.Literal;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;

/** Literal rows (each row one literal per column, of the column's type or NULL). */
public record ValuesNode(Schema schema, List<List<Literal>> rows) implements PlanNode {
  public ValuesNode {
    rows = rows.stream().map(List::copyOf).toList();
  }

  @Override
  public List<PlanNode> inputs() {
    return List.of();
  }

  @Override
  public String label() {
    return "Values[" + rows.size() + " rows]";
  }
}
