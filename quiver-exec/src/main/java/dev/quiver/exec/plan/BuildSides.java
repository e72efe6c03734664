package dev.quiver.exec.plan;

import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Expression;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Hash joins build on their right input. A join the planner wants built on the left (its left side
 * is the smaller) becomes the mirrored join with its inputs swapped, under a projection that puts
 * the columns back in the original order.
 */
public final class BuildSides {
  private BuildSides() {}

  /** {@code plan} with every join marked {@code buildLeft} rewritten to build on its right input. */
  public static PlanNode normalize(PlanNode plan) {
    if (plan instanceof JoinNode join) {
      PlanNode left = normalize(join.left());
      PlanNode right = normalize(join.right());
      JoinNode rebuilt = new JoinNode(left, right, join.type(), join.leftKeys(), join.rightKeys(), join.residual(),
          join.buildLeft(), join.markName());
      return rebuilt.buildLeft() && mirrored(rebuilt.type()) != null ? swap(rebuilt) : withBuildRight(rebuilt);
    }
    List<PlanNode> inputs = plan.inputs().stream().map(BuildSides::normalize).toList();
    return replaceInputs(plan, inputs);
  }

  private static JoinNode withBuildRight(JoinNode join) {
    return new JoinNode(join.left(), join.right(), join.type(), join.leftKeys(), join.rightKeys(), join.residual(),
        false, join.markName());
  }

  private static JoinType mirrored(JoinType type) {
    switch (type) {
      case INNER:
        return JoinType.INNER;
      case LEFT:
        return JoinType.RIGHT;
      case RIGHT:
        return JoinType.LEFT;
      case FULL:
        return JoinType.FULL;
      case SEMI:
        return JoinType.RIGHT_SEMI;
      case ANTI:
        return JoinType.RIGHT_ANTI;
      default:
        return null;
    }
  }

  private static PlanNode swap(JoinNode join) {
    int leftCount = join.left().schema().getFields().size();
    int rightCount = join.right().schema().getFields().size();
    Expression residual = ColumnRemapper.remap(join.residual(),
        ordinal -> ordinal < leftCount ? ordinal + rightCount : ordinal - leftCount);
    JoinNode swapped = new JoinNode(join.right(), join.left(), mirrored(join.type()), join.rightKeys(),
        join.leftKeys(), residual, false, join.markName());
    if (!swapped.type().outputsLeft()) {
      return swapped;
    }
    List<Field> fields = swapped.schema().getFields();
    List<Expression> columns = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    for (int i = 0; i < leftCount + rightCount; i++) {
      int source = i < leftCount ? rightCount + i : i - leftCount;
      Field field = fields.get(source);
      columns.add(new ColumnReference(field.getName(), source, field.getType()));
      names.add(field.getName());
      nullable.add(field.isNullable());
    }
    return new ProjectNode(swapped, columns, names, nullable);
  }

  private static PlanNode replaceInputs(PlanNode plan, List<PlanNode> inputs) {
    if (plan instanceof TableScanNode || plan instanceof ValuesNode) {
      return plan;
    }
    if (plan instanceof FilterNode filter) {
      return new FilterNode(inputs.get(0), filter.condition());
    }
    if (plan instanceof ProjectNode project) {
      return new ProjectNode(inputs.get(0), project.expressions(), project.names(), project.nullable());
    }
    if (plan instanceof AggregateNode aggregate) {
      return new AggregateNode(inputs.get(0), aggregate.groupKeys(), aggregate.calls(), aggregate.keyRanges());
    }
    if (plan instanceof NestedLoopJoinNode join) {
      return new NestedLoopJoinNode(inputs.get(0), inputs.get(1), join.type(), join.condition());
    }
    if (plan instanceof SortNode sort) {
      return sort.withInput(inputs.get(0));
    }
    if (plan instanceof LimitNode limit) {
      return new LimitNode(inputs.get(0), limit.offset(), limit.limit());
    }
    if (plan instanceof UnionAllNode union) {
      return new UnionAllNode(inputs, union.schema());
    }
    if (plan instanceof ExpandNode expand) {
      return new ExpandNode(inputs.get(0), expand.projections(), expand.names(), expand.nullable());
    }
    if (plan instanceof ExchangeNode exchange) {
      return new ExchangeNode(inputs.get(0), exchange.keys());
    }
    if (plan instanceof WindowNode window) {
      return window.withInput(inputs.get(0));
    }
    if (plan instanceof RecursiveUnionNode recursive) {
      return recursive.withInputs(inputs.get(0), inputs.get(1));
    }
    throw new IllegalArgumentException("unknown plan node " + plan.label());
  }
}
