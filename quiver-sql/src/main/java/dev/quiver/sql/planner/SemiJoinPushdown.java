package dev.quiver.sql.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Moves a SEMI or ANTI join whose condition is only equalities down through the projections,
 * filters and inner joins below its left input, to the input whose columns its keys are: {@code
 * (A JOIN B) SEMI S} on keys of A becomes {@code (A SEMI S) JOIN B}, the same rows (whether an A row
 * has a match in S depends on that row alone). TPC-H Q18's {@code o_orderkey IN (...)} then cuts the
 * orders to 57 before lineitem is joined to them, instead of after. Joins with residual conditions
 * stay where they are, and so does a join above a filter that is not over a join: the filter is cheaper
 * and cuts the rows the join probes.
 */
final class SemiJoinPushdown {
  private SemiJoinPushdown() {}

  static RelNode rewrite(RelNode rel) {
    return rel.accept(new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        RelNode visited = super.visit(other);
        if (visited instanceof LogicalJoin join
            && (join.getJoinType() == JoinRelType.SEMI || join.getJoinType() == JoinRelType.ANTI)) {
          JoinInfo info = join.analyzeCondition();
          if (info.isEqui() && !info.leftKeys.isEmpty()) {
            RelNode pushed = push(join, join.getLeft(), info.leftKeys.toIntArray(), info.rightKeys.toIntArray());
            return pushed == null ? visited : pushed;
          }
        }
        return visited;
      }
    });
  }

  /**
   * The join moved into {@code input} with its left keys as columns of {@code input}, or null when
   * it cannot move below {@code input} (then the caller builds it on top).
   */
  private static RelNode push(LogicalJoin join, RelNode input, int[] leftKeys, int[] rightKeys) {
    if (input instanceof LogicalFilter filter) {
      // only through a filter over joins (a condition the joins leave): a filter over one table's rows
      // stays below, as it cuts the rows the join probes (TPC-H Q4's three months of orders)
      RelNode below = push(join, filter.getInput(), leftKeys, rightKeys);
      return below == null ? null : filter.copy(filter.getTraitSet(), below, filter.getCondition());
    }
    if (input instanceof LogicalProject project) {
      int[] mapped = new int[leftKeys.length];
      for (int k = 0; k < leftKeys.length; k++) {
        if (!(project.getProjects().get(leftKeys[k]) instanceof RexInputRef reference)) {
          return null;
        }
        mapped[k] = reference.getIndex();
      }
      RelNode below = pushOrBuild(join, project.getInput(), mapped, rightKeys);
      return project.copy(project.getTraitSet(), below, project.getProjects(), project.getRowType());
    }
    if (input instanceof LogicalJoin inner && inner.getJoinType() == JoinRelType.INNER) {
      int leftCount = inner.getLeft().getRowType().getFieldCount();
      boolean allLeft = true;
      boolean allRight = true;
      for (int key : leftKeys) {
        allLeft &= key < leftCount;
        allRight &= key >= leftCount;
      }
      if (allLeft) {
        RelNode left = pushOrBuild(join, inner.getLeft(), leftKeys, rightKeys);
        return inner.copy(inner.getTraitSet(), inner.getCondition(), left, inner.getRight(), inner.getJoinType(),
            inner.isSemiJoinDone());
      }
      if (allRight) {
        int[] shifted = new int[leftKeys.length];
        for (int k = 0; k < leftKeys.length; k++) {
          shifted[k] = leftKeys[k] - leftCount;
        }
        RelNode right = pushOrBuild(join, inner.getRight(), shifted, rightKeys);
        return inner.copy(inner.getTraitSet(), inner.getCondition(), inner.getLeft(), right, inner.getJoinType(),
            inner.isSemiJoinDone());
      }
    }
    return null;
  }

  private static RelNode pushOrBuild(LogicalJoin join, RelNode input, int[] leftKeys, int[] rightKeys) {
    RelNode pushed = push(join, input, leftKeys, rightKeys);
    return pushed != null ? pushed : build(join, input, leftKeys, rightKeys);
  }

  /** The SEMI or ANTI join of {@code left} with the join's right input on the given keys. */
  private static RelNode build(LogicalJoin join, RelNode left, int[] leftKeys, int[] rightKeys) {
    RexBuilder rexBuilder = join.getCluster().getRexBuilder();
    int width = left.getRowType().getFieldCount();
    RelNode right = join.getRight();
    List<RexNode> equalities = new ArrayList<>();
    for (int k = 0; k < leftKeys.length; k++) {
      equalities.add(rexBuilder.makeCall(SqlStdOperatorTable.EQUALS,
          rexBuilder.makeInputRef(left.getRowType().getFieldList().get(leftKeys[k]).getType(), leftKeys[k]),
          rexBuilder.makeInputRef(right.getRowType().getFieldList().get(rightKeys[k]).getType(),
              width + rightKeys[k])));
    }
    return LogicalJoin.create(left, right, List.of(), RexUtil.composeConjunction(rexBuilder, equalities), Set.of(),
        join.getJoinType());
  }
}
