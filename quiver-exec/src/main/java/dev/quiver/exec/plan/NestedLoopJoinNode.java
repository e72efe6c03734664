package dev.quiver.exec.plan;

import dev.quiver.expression.Expression;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A join without equal keys, for a small right side (a scalar sub-query's one row): every left row
 * against every right row, kept where {@code condition} (over left ++ right columns, or null for
 * TRUE) holds. Types: INNER, LEFT, SEMI, ANTI.
 */
public record NestedLoopJoinNode(PlanNode left, PlanNode right, JoinType type, Expression condition)
    implements PlanNode {
  public NestedLoopJoinNode {
    Objects.requireNonNull(left, "left");
    Objects.requireNonNull(right, "right");
    Objects.requireNonNull(type, "type");
    if (type != JoinType.INNER && type != JoinType.LEFT && type != JoinType.SEMI && type != JoinType.ANTI) {
      throw new IllegalArgumentException("a nested-loop join is INNER, LEFT, SEMI or ANTI, not " + type);
    }
  }

  @Override
  public Schema schema() {
    return JoinNode.joinSchema(left.schema(), right.schema(), type, null);
  }

  @Override
  public List<PlanNode> inputs() {
    return List.of(left, right);
  }

  @Override
  public String label() {
    return "NestedLoopJoin[" + type + (condition == null ? "" : ", condition=" + condition) + "]";
  }
}
