package dev.quiver.sql.planner;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Rewrites of an aggregate over a projection that compute the same answer with less work per row:
 * <ul>
 * <li>{@code SUM(x + k)} (and {@code k + x}, {@code x - k}) of an exact type (integers, decimals) becomes
 * {@code SUM(x) + k * COUNT(x)}, the SUM and COUNT of one {@code x} shared by every such call: ClickBench's Q29 sums
 * {@code ResolutionWidth + 0 .. + 89}, 90 expressions per row, now one sum and one count. {@code SUM(x)} is NULL
 * exactly when {@code COUNT(x)} is 0, so the NULL of an empty group carries over. Not for floats (the rounding of a
 * sum depends on the order of additions).</li>
 * <li>A grouping key that is a deterministic function of other grouping keys alone ({@code GROUP BY ClientIP,
 * ClientIP - 1}), or a literal beside a column key ({@code GROUP BY 1, URL} of ClickBench's Q34), is dropped from the
 * grouping and computed once per group above it: the groups are the same, since equal keys give equal values.</li>
 * </ul>
 * The output row type is unchanged (a projection above restores the order of keys and calls and the types).
 */
final class AggregateRewrites {
  private AggregateRewrites() {}

  static RelNode rewrite(RelNode rel) {
    return rel.accept(new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        RelNode visited = super.visit(other);
        if (visited instanceof LogicalAggregate aggregate && aggregate.getInput() instanceof LogicalProject project
            && aggregate.getGroupType() == Aggregate.Group.SIMPLE) {
          RelNode rewritten = rewrite(aggregate, project);
          return rewritten == null ? visited : rewritten;
        }
        return visited;
      }
    });
  }

  /** One {@code SUM(base + offset)}: the projection's field of the base, and the offset (negated for a minus). */
  private record ShiftedSum(RexNode base, RexNode offset) {}

  private static RelNode rewrite(LogicalAggregate aggregate, LogicalProject project) {
    RexBuilder rexBuilder = aggregate.getCluster().getRexBuilder();
    List<RexNode> projects = project.getProjects();
    Map<Integer, Integer> derivedKeys = derivedKeys(aggregate, projects);
    List<ShiftedSum> shifted = new ArrayList<>();
    boolean anyShifted = false;
    for (AggregateCall call : aggregate.getAggCallList()) {
      ShiftedSum sum = shiftedSum(call, projects, rexBuilder);
      shifted.add(sum);
      anyShifted |= sum != null;
    }
    if (!anyShifted && derivedKeys.isEmpty()) {
      return null;
    }
    List<RexNode> newProjects = new ArrayList<>(projects);
    List<String> newNames = new ArrayList<>(project.getRowType().getFieldNames());
    Map<String, Integer> baseFields = new HashMap<>();
    for (ShiftedSum sum : shifted) {
      if (sum != null) {
        baseFields.computeIfAbsent(sum.base().toString(), digest -> {
          newProjects.add(sum.base());
          newNames.add("$shifted" + newProjects.size());
          return newProjects.size() - 1;
        });
      }
    }
    LogicalProject newProject = LogicalProject.create(project.getInput(), project.getHints(), newProjects, newNames,
        project.getVariablesSet());

    ImmutableBitSet.Builder groupBuilder = ImmutableBitSet.builder();
    for (int key : aggregate.getGroupSet()) {
      if (!derivedKeys.containsKey(key)) {
        groupBuilder.set(key);
      }
    }
    ImmutableBitSet groupSet = groupBuilder.build();
    List<AggregateCall> newCalls = new ArrayList<>();
    Map<String, Integer> sharedCalls = new HashMap<>();
    int[] callSum = new int[shifted.size()];
    int[] callCount = new int[shifted.size()];
    for (int i = 0; i < shifted.size(); i++) {
      AggregateCall call = aggregate.getAggCallList().get(i);
      ShiftedSum sum = shifted.get(i);
      Integer plainBase = plainSumOfBase(call, projects, baseFields);
      if (plainBase != null) {
        callSum[i] = sharedCall(SqlStdOperatorTable.SUM, plainBase, call, newProject, groupSet, newCalls, sharedCalls);
        continue;
      }
      if (sum == null) {
        callSum[i] = newCalls.size();
        newCalls.add(call.adaptTo(newProject, call.getArgList(), call.filterArg, aggregate.getGroupCount(),
            groupSet.cardinality()));
        continue;
      }
      int base = baseFields.get(sum.base().toString());
      callSum[i] = sharedCall(SqlStdOperatorTable.SUM, base, call, newProject, groupSet, newCalls, sharedCalls);
      callCount[i] = sharedCall(SqlStdOperatorTable.COUNT, base, call, newProject, groupSet, newCalls, sharedCalls);
    }
    LogicalAggregate newAggregate = LogicalAggregate.create(newProject, aggregate.getHints(), groupSet, null,
        newCalls);

    List<RexNode> outputs = new ArrayList<>();
    Map<Integer, Integer> keyPositions = new HashMap<>();
    int position = 0;
    for (int key : groupSet) {
      keyPositions.put(key, position++);
    }
    for (int key : aggregate.getGroupSet()) {
      Integer kept = keyPositions.get(key);
      outputs.add(kept != null ? RexInputRef.of(kept, newAggregate.getRowType())
          : derivedKey(projects.get(key), projects, groupSet, keyPositions, newAggregate, rexBuilder));
    }
    int calls = groupSet.cardinality();
    for (int i = 0; i < shifted.size(); i++) {
      AggregateCall call = aggregate.getAggCallList().get(i);
      RexNode sum = RexInputRef.of(calls + callSum[i], newAggregate.getRowType());
      if (shifted.get(i) == null) {
        outputs.add(sum);
        continue;
      }
      RexNode count = RexInputRef.of(calls + callCount[i], newAggregate.getRowType());
      RexNode shift = rexBuilder.makeCall(SqlStdOperatorTable.MULTIPLY, shifted.get(i).offset(), count);
      RexNode total = rexBuilder.makeCall(SqlStdOperatorTable.PLUS, sum, shift);
      outputs.add(rexBuilder.makeCast(call.getType(), total, true, false));
    }
    return LogicalProject.create(newAggregate, List.of(), outputs, aggregate.getRowType().getFieldNames(),
        java.util.Set.of());
  }

  private static int sharedCall(org.apache.calcite.sql.SqlAggFunction function, int base, AggregateCall original,
      RelNode input, ImmutableBitSet groupSet, List<AggregateCall> calls, Map<String, Integer> shared) {
    String key = function.getName() + "(" + base + ") filter " + original.filterArg;
    return shared.computeIfAbsent(key, unused -> {
      calls.add(AggregateCall.create(function, false, false, false, List.of(), List.of(base), original.filterArg,
          null, org.apache.calcite.rel.RelCollations.EMPTY, groupSet.cardinality(), input, null, null));
      return calls.size() - 1;
    });
  }

  /** For a plain {@code SUM(x)} of an {@code x} some shifted sum has as its base: that base's field; else null. */
  private static Integer plainSumOfBase(AggregateCall call, List<RexNode> projects, Map<String, Integer> bases) {
    if (call.getAggregation().getKind() != SqlKind.SUM || call.isDistinct() || call.getArgList().size() != 1) {
      return null;
    }
    return bases.get(projects.get(call.getArgList().get(0)).toString());
  }

  /** {@code SUM(x + k)} of an exact type, not DISTINCT, as the base {@code x} and the offset {@code k}; else null. */
  private static ShiftedSum shiftedSum(AggregateCall call, List<RexNode> projects, RexBuilder rexBuilder) {
    if (call.getAggregation().getKind() != SqlKind.SUM || call.isDistinct() || call.getArgList().size() != 1
        || !exact(call.getType().getSqlTypeName())) {
      return null;
    }
    RexNode argument = projects.get(call.getArgList().get(0));
    if (!(argument instanceof RexCall arithmetic) || arithmetic.getOperands().size() != 2) {
      return null;
    }
    RexNode left = arithmetic.getOperands().get(0);
    RexNode right = arithmetic.getOperands().get(1);
    boolean exactOperands = exact(left.getType().getSqlTypeName()) && exact(right.getType().getSqlTypeName());
    if (!exactOperands) {
      return null;
    }
    if (arithmetic.getKind() == SqlKind.PLUS && numericLiteral(right) && !numericLiteral(left)) {
      return new ShiftedSum(left, right);
    }
    if (arithmetic.getKind() == SqlKind.PLUS && numericLiteral(left) && !numericLiteral(right)) {
      return new ShiftedSum(right, left);
    }
    if (arithmetic.getKind() == SqlKind.MINUS && numericLiteral(right) && !numericLiteral(left)) {
      BigDecimal value = ((RexLiteral) right).getValueAs(BigDecimal.class);
      return new ShiftedSum(left, rexBuilder.makeExactLiteral(value.negate(), right.getType()));
    }
    return null;
  }

  private static boolean numericLiteral(RexNode node) {
    return node instanceof RexLiteral literal && !literal.isNull()
        && SqlTypeFamily.EXACT_NUMERIC.contains(literal.getType());
  }

  private static boolean exact(SqlTypeName type) {
    return SqlTypeName.INT_TYPES.contains(type) || type == SqlTypeName.DECIMAL;
  }

  /**
   * The grouping keys (fields of the projection) that are deterministic functions of plain column keys of the same
   * grouping, to their field; a key that is itself a plain column is never derived.
   */
  private static Map<Integer, Integer> derivedKeys(LogicalAggregate aggregate, List<RexNode> projects) {
    Map<Integer, Integer> columnKeys = new HashMap<>();
    for (int key : aggregate.getGroupSet()) {
      if (projects.get(key) instanceof RexInputRef column) {
        columnKeys.putIfAbsent(column.getIndex(), key);
      }
    }
    Map<Integer, Integer> derived = new HashMap<>();
    for (int key : aggregate.getGroupSet()) {
      RexNode expression = projects.get(key);
      if (expression instanceof RexLiteral && !columnKeys.isEmpty()) {
        // a constant key (GROUP BY 1, URL) groups nothing while another key remains
        derived.put(key, key);
        continue;
      }
      if (expression instanceof RexInputRef || RexUtil.isConstant(expression)
          || !RexUtil.isDeterministic(expression)) {
        continue;
      }
      ImmutableBitSet inputs = org.apache.calcite.plan.RelOptUtil.InputFinder.bits(expression);
      boolean fromKeys = !inputs.isEmpty();
      for (int input : inputs) {
        fromKeys &= columnKeys.containsKey(input);
      }
      if (fromKeys) {
        derived.put(key, key);
      }
    }
    return derived;
  }

  /** A derived key's expression over the new aggregate's output: its columns become the kept keys' positions. */
  private static RexNode derivedKey(RexNode expression, List<RexNode> projects, ImmutableBitSet groupSet,
      Map<Integer, Integer> keyPositions, RelNode aggregate, RexBuilder rexBuilder) {
    Map<Integer, Integer> columnPositions = new HashMap<>();
    for (int key : groupSet) {
      if (projects.get(key) instanceof RexInputRef column) {
        columnPositions.putIfAbsent(column.getIndex(), keyPositions.get(key));
      }
    }
    return expression.accept(new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef inputRef) {
        int position = columnPositions.get(inputRef.getIndex());
        return rexBuilder.makeInputRef(aggregate, position);
      }
    });
  }
}
