package dev.quiver.sql.planner;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code count_if(c)} as DuckDB computes it: {@code SUM(CASE WHEN c THEN 1 WHEN NOT c THEN 0 END)} over a
 * projection that adds the 0/1 column, so that rows where c is NULL do not count and a group with no
 * row where c is known gives NULL (DuckDB's answer, checked), not 0.
 */
final class CountIfRewrite {
  private CountIfRewrite() {}

  static RelNode rewrite(RelNode rel) {
    return rel.accept(new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        RelNode visited = super.visit(other);
        if (visited instanceof LogicalAggregate aggregate && aggregate.getAggCallList().stream()
            .anyMatch(call -> call.getAggregation() == StringOperators.COUNT_IF)) {
          return rewrite(aggregate);
        }
        return visited;
      }
    });
  }

  private static RelNode rewrite(LogicalAggregate aggregate) {
    RelNode input = aggregate.getInput();
    RexBuilder rex = aggregate.getCluster().getRexBuilder();
    RelDataType bigint = rex.getTypeFactory().createTypeWithNullability(
        rex.getTypeFactory().createSqlType(SqlTypeName.BIGINT), true);
    List<RexNode> projects = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (RelDataTypeField field : input.getRowType().getFieldList()) {
      projects.add(rex.makeInputRef(input, field.getIndex()));
      names.add(field.getName());
    }
    List<AggregateCall> calls = new ArrayList<>();
    for (AggregateCall call : aggregate.getAggCallList()) {
      if (call.getAggregation() != StringOperators.COUNT_IF) {
        calls.add(call);
        continue;
      }
      RexNode condition = rex.makeInputRef(input, call.getArgList().get(0));
      RexNode value = rex.makeCall(bigint, SqlStdOperatorTable.CASE, List.of(condition,
          rex.makeExactLiteral(BigDecimal.ONE, bigint), rex.makeCall(SqlStdOperatorTable.NOT, condition),
          rex.makeExactLiteral(BigDecimal.ZERO, bigint), rex.makeNullLiteral(bigint)));
      projects.add(value);
      names.add("$count_if" + calls.size());
      calls.add(AggregateCall.create(SqlStdOperatorTable.SUM, false, false, false, List.of(),
          List.of(projects.size() - 1), call.filterArg, null, RelCollations.EMPTY, call.getType(), call.getName()));
    }
    LogicalProject project = LogicalProject.create(input, List.of(), projects, names, java.util.Set.of());
    return aggregate.copy(aggregate.getTraitSet(), project, aggregate.getGroupSet(), aggregate.getGroupSets(), calls);
  }
}
