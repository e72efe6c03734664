package dev.quiver.sql.planner;

import dev.quiver.sql.SqlException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mappings;

/**
 * GROUPING SETS, ROLLUP and CUBE in one pass over the input: an aggregate over several grouping sets
 * becomes an {@link ExpandRel} that emits every input row once per set (the keys the set leaves out as
 * NULL, then every input column, then the set's number), a plain aggregate grouped by all the keys and
 * that number (so a NULL a set made is never a NULL of the data), and a projection that computes
 * {@code GROUPING(...)} / {@code GROUPING_ID(...)} from the set's number (a bit per argument, 1 where the
 * set leaves it out, the first argument the highest bit). The aggregate spills like any other.
 */
final class GroupingSetsPlanning {
  private GroupingSetsPlanning() {}

  static RelNode rewrite(RelNode root) {
    return root.accept(new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        RelNode visited = super.visit(other);
        if (visited instanceof Aggregate aggregate && aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
          return expand(aggregate);
        }
        return visited;
      }
    });
  }

  private static RelNode expand(Aggregate aggregate) {
    RelNode input = aggregate.getInput();
    RexBuilder rexBuilder = aggregate.getCluster().getRexBuilder();
    RelDataTypeFactory types = rexBuilder.getTypeFactory();
    List<Integer> keys = aggregate.getGroupSet().asList();
    List<ImmutableBitSet> sets = aggregate.getGroupSets();
    List<RelDataTypeField> inputFields = input.getRowType().getFieldList();
    int keyCount = keys.size();
    int width = inputFields.size();

    RelDataTypeFactory.Builder expandType = types.builder();
    for (int key : keys) {
      expandType.add("$key" + key, types.createTypeWithNullability(inputFields.get(key).getType(), true));
    }
    for (RelDataTypeField field : inputFields) {
      expandType.add(field.getName(), field.getType());
    }
    RelDataType setNumberType = types.createSqlType(SqlTypeName.BIGINT);
    expandType.add("$set", setNumberType);
    List<List<RexNode>> projections = new ArrayList<>();
    for (int set = 0; set < sets.size(); set++) {
      List<RexNode> projection = new ArrayList<>();
      for (int key : keys) {
        RelDataType type = types.createTypeWithNullability(inputFields.get(key).getType(), true);
        projection.add(sets.get(set).get(key) ? rexBuilder.makeCast(type, rexBuilder.makeInputRef(input, key), true,
            false) : rexBuilder.makeNullLiteral(type));
      }
      for (int column = 0; column < width; column++) {
        projection.add(rexBuilder.makeInputRef(input, column));
      }
      projection.add(rexBuilder.makeExactLiteral(BigDecimal.valueOf(set), setNumberType));
      projections.add(projection);
    }
    ExpandRel expanded = new ExpandRel(aggregate.getCluster(), aggregate.getTraitSet(), input, projections,
        expandType.build());

    // the aggregate's arguments read the input's columns, now after the keys
    Mappings.TargetMapping shift = Mappings.offsetTarget(Mappings.createIdentity(width), keyCount,
        keyCount + width + 1);
    List<AggregateCall> calls = new ArrayList<>();
    List<Integer> callPositions = new ArrayList<>();
    for (AggregateCall call : aggregate.getAggCallList()) {
      if (isGroupingFunction(call)) {
        callPositions.add(-1);
      } else {
        callPositions.add(keyCount + 1 + calls.size());
        calls.add(call.transform(shift));
      }
    }
    ImmutableBitSet groupKeys = ImmutableBitSet.range(keyCount).set(keyCount + width);
    LogicalAggregate grouped = LogicalAggregate.create(expanded, List.of(), groupKeys, null, calls);

    List<RexNode> outputs = new ArrayList<>();
    List<RelDataTypeField> outputFields = aggregate.getRowType().getFieldList();
    for (int i = 0; i < keyCount; i++) {
      outputs.add(matchType(rexBuilder, rexBuilder.makeInputRef(grouped, i), outputFields.get(i).getType()));
    }
    RexNode setNumber = rexBuilder.makeInputRef(grouped, keyCount);
    for (int c = 0; c < aggregate.getAggCallList().size(); c++) {
      AggregateCall call = aggregate.getAggCallList().get(c);
      RelDataType type = outputFields.get(keyCount + c).getType();
      RexNode value = callPositions.get(c) < 0 ? grouping(rexBuilder, call, sets, setNumber, type)
          : rexBuilder.makeInputRef(grouped, callPositions.get(c));
      outputs.add(matchType(rexBuilder, value, type));
    }
    return LogicalProject.create(grouped, List.of(), outputs, aggregate.getRowType().getFieldNames(),
        java.util.Set.of());
  }

  private static boolean isGroupingFunction(AggregateCall call) {
    SqlKind kind = call.getAggregation().getKind();
    if (kind == SqlKind.GROUP_ID) {
      throw SqlException.about("GROUP_ID", "GROUP_ID() is not supported (use GROUPING(...))");
    }
    return kind == SqlKind.GROUPING || kind == SqlKind.GROUPING_ID;
  }

  /** GROUPING(a, b, ...) for the set of each row: a CASE over the set's number. */
  private static RexNode grouping(RexBuilder rexBuilder, AggregateCall call, List<ImmutableBitSet> sets,
      RexNode setNumber, RelDataType type) {
    List<Integer> arguments = call.getArgList();
    List<RexNode> branches = new ArrayList<>();
    for (int set = 0; set < sets.size(); set++) {
      long bits = 0;
      for (int argument : arguments) {
        bits = (bits << 1) | (sets.get(set).get(argument) ? 0 : 1);
      }
      RexNode value = rexBuilder.makeExactLiteral(BigDecimal.valueOf(bits), type);
      if (set == sets.size() - 1) {
        branches.add(value);
      } else {
        branches.add(rexBuilder.makeCall(SqlStdOperatorTable.EQUALS, setNumber,
            rexBuilder.makeExactLiteral(BigDecimal.valueOf(set), setNumber.getType())));
        branches.add(value);
      }
    }
    return branches.size() == 1 ? branches.get(0) : rexBuilder.makeCall(SqlStdOperatorTable.CASE, branches);
  }

  private static RexNode matchType(RexBuilder rexBuilder, RexNode value, RelDataType type) {
    return value.getType().equals(type) ? value : rexBuilder.makeCast(type, value, true, false);
  }
}
