package dev.quiver.exec.plan;

import dev.quiver.expression.Expression;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;

/** Keeps the rows where {@code condition} is TRUE (not FALSE, not NULL). */
public record FilterNode(PlanNode input, Expression condition) implements PlanNode {
  public FilterNode {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(condition, "condition");
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
    return "Filter[" + condition + "]";
  }
}
