package dev.quiver.sql.planner;

import com.google.common.collect.ImmutableSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;

/**
 * The simplest and most common correlated sub-queries, rewritten before Calcite's decorrelation: a
 * conjunct {@code EXISTS (SELECT ... FROM r WHERE c)} of a WHERE clause becomes a SEMI join of the
 * filtered rows with {@code r} on {@code c}, {@code NOT EXISTS (...)} an ANTI join, when {@code r}
 * itself is uncorrelated and the correlation sits only in {@code c} (any conditions, not just
 * equalities: TPC-H Q21's {@code l2.l_suppkey <> l1.l_suppkey} stays in the join as a residual that
 * the hash join evaluates per matching pair). Exact in SQL's three-valued logic: a pair whose
 * condition is NULL does not match, as a row whose WHERE is NULL does not exist. Calcite's general
 * decorrelators would instead join the outer query's rows back in (Q21: 18 joins over 19 scans).
 */
final class ExistsToJoins {
  private ExistsToJoins() {}

  static RelNode rewrite(RelNode rel) {
    return rel.accept(new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        RelNode visited = super.visit(other);
        return visited instanceof LogicalFilter filter ? rewriteFilter(filter) : visited;
      }
    });
  }

  private static RelNode rewriteFilter(LogicalFilter filter) {
    RelNode input = filter.getInput();
    RexBuilder rexBuilder = filter.getCluster().getRexBuilder();
    List<RexNode> kept = new ArrayList<>();
    List<RelNode> rights = new ArrayList<>();
    List<RexNode> conditions = new ArrayList<>();
    List<JoinRelType> types = new ArrayList<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(filter.getCondition())) {
      boolean negated = conjunct.getKind() == SqlKind.NOT;
      RexNode operand = negated ? ((RexCall) conjunct).getOperands().get(0) : conjunct;
      RexNode[] condition = new RexNode[1];
      RelNode right = operand instanceof RexSubQuery subQuery && subQuery.getKind() == SqlKind.EXISTS
          ? correlatedFilterInput(subQuery.rel, filter, condition) : null;
      if (right == null) {
        kept.add(conjunct);
        continue;
      }
      rights.add(right);
      conditions.add(condition[0]);
      types.add(negated ? JoinRelType.ANTI : JoinRelType.SEMI);
    }
    if (rights.isEmpty()) {
      return filter;
    }
    RelNode result = input;
    if (!kept.isEmpty()) {
      RexNode rest = RexUtil.composeConjunction(rexBuilder, kept);
      result = LogicalFilter.create(input, rest, RexUtil.SubQueryFinder.find(rest) == null ? ImmutableSet.of()
          : ImmutableSet.copyOf(filter.getVariablesSet()));
    }
    for (int i = 0; i < rights.size(); i++) {
      result = LogicalJoin.create(result, rights.get(i), List.of(), conditions.get(i), Set.of(), types.get(i));
    }
    return result;
  }

  /**
   * The uncorrelated input of the sub-query's filter, with {@code condition[0]} set to the filter's
   * condition over the outer row's columns then the input's, or null when the sub-query is not
   * {@code [Project...] Filter(c) r} with the correlation only in {@code c}.
   */
  @SuppressWarnings("ReferenceEquality") // overJoin returns the very conjunct when it has no outer column
  private static RelNode correlatedFilterInput(RelNode subQuery, LogicalFilter outer, RexNode[] condition) {
    RelNode node = subQuery;
    while (node instanceof Project project) {
      node = project.getInput();
    }
    if (!(node instanceof Filter inner) || PlanShapes.hasCorrelation(inner.getInput())) {
      return null;
    }
    RelDataType outerRow = outer.getInput().getRowType();
    RexBuilder rexBuilder = outer.getCluster().getRexBuilder();
    List<RexNode> joinConjuncts = new ArrayList<>();
    List<RexNode> innerConjuncts = new ArrayList<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(inner.getCondition())) {
      RexNode joined = overJoin(conjunct, outerRow, outer.getVariablesSet());
      if (joined == null) {
        return null;
      }
      (joined == conjunct ? innerConjuncts : joinConjuncts).add(joined);
    }
    if (joinConjuncts.isEmpty()) {
      return null;
    }
    condition[0] = RexUtil.composeConjunction(rexBuilder, joinConjuncts);
    return innerConjuncts.isEmpty() ? inner.getInput()
        : LogicalFilter.create(inner.getInput(), RexUtil.composeConjunction(rexBuilder, innerConjuncts));
  }

  /**
   * A conjunct of the sub-query's filter over the join's columns (the outer row's, then the
   * sub-query's), the conjunct itself when it does not use the outer row, or null when it uses
   * another correlation or holds a sub-query.
   */
  private static RexNode overJoin(RexNode conjunct, RelDataType outerRow, Set<CorrelationId> variables) {
    int outerWidth = outerRow.getFieldCount();
    boolean[] supported = {true};
    boolean[] correlated = {false};
    RexNode rewritten = conjunct.accept(new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef reference) {
        return new RexInputRef(reference.getIndex() + outerWidth, reference.getType());
      }

      @Override
      public RexNode visitFieldAccess(RexFieldAccess access) {
        if (access.getReferenceExpr() instanceof RexCorrelVariable variable) {
          if (!variables.contains(variable.id) || !variable.getType().equals(outerRow)) {
            supported[0] = false;
            return access;
          }
          correlated[0] = true;
          int index = access.getField().getIndex();
          return new RexInputRef(index, outerRow.getFieldList().get(index).getType());
        }
        return super.visitFieldAccess(access);
      }

      @Override
      public RexNode visitCorrelVariable(RexCorrelVariable variable) {
        supported[0] = false;
        return variable;
      }

      @Override
      public RexNode visitSubQuery(RexSubQuery nested) {
        supported[0] = false;
        return nested;
      }
    });
    if (!supported[0]) {
      return null;
    }
    return correlated[0] ? rewritten : conjunct;
  }
}
