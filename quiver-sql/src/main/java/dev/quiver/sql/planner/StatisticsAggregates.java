package dev.quiver.sql.planner;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.plan.AggregateCall;
import dev.quiver.exec.plan.AggregateFunction;
import dev.quiver.exec.plan.AggregateNode;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.ProjectNode;
import dev.quiver.exec.plan.TableScanNode;
import dev.quiver.exec.source.QvrTableSource;
import dev.quiver.exec.source.StatisticsAggregateSource;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Expression;
import dev.quiver.scan.aggregate.StatisticsCall;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Aggregate pushdown into the scan: an aggregate without GROUP BY straight over a {@code .qvr} table
 * scan (the query's root, or under its final projections), whose calls are all COUNT(*), COUNT,
 * MIN, MAX or SUM that {@link StatisticsCall} supports (no DISTINCT, no FILTER), reads a
 * {@link StatisticsAggregateSource} instead: zones the zone maps prove wholly selected are answered
 * from their statistics, the rest scanned; an aggregate above merges the partial states (COUNT as
 * SUM of counts, SUM of sums, MIN of minimums, MAX of maximums) with the original calls' types and
 * names, so the answer is the normal path's. A scan whose filter the source could not evaluate
 * whole (a FilterNode between them) is left alone.
 */
final class StatisticsAggregates {
  /** The system property that, set to {@code false}, turns the rewrite off by default. */
  static final String PROPERTY = "quiver.statistics.aggregates";

  private StatisticsAggregates() {}

  /** Whether the rewrite is on unless a session says otherwise (the system property; default on). */
  static boolean enabledByDefault() {
    return !"false".equalsIgnoreCase(System.getProperty(PROPERTY, "true"));
  }

  static PlanNode rewrite(PlanNode plan) {
    if (plan instanceof ProjectNode project) {
      PlanNode input = rewrite(project.input());
      return input == project.input() ? plan
          : new ProjectNode(input, project.expressions(), project.names(), project.nullable());
    }
    if (plan instanceof AggregateNode aggregate) {
      PlanNode rewritten = rewrite(aggregate);
      return rewritten == null ? plan : rewritten;
    }
    return plan;
  }

  /** The pushed-down plan of {@code aggregate}, or null when it does not have the shape. */
  private static PlanNode rewrite(AggregateNode aggregate) {
    if (!aggregate.groupKeys().isEmpty() || aggregate.calls().isEmpty()) {
      return null;
    }
    PlanNode input = aggregate.input();
    List<Integer> columnOf = null;
    if (input instanceof ProjectNode project) {
      columnOf = new ArrayList<>();
      for (Expression expression : project.expressions()) {
        if (!(expression instanceof ColumnReference reference)) {
          return null;
        }
        columnOf.add(reference.ordinal());
      }
      input = project.input();
    }
    if (!(input instanceof TableScanNode scan) || !(scan.table() instanceof QvrTableSource table)
        || scan.limit() >= 0) {
      return null;
    }
    List<StatisticsCall> calls = new ArrayList<>();
    for (AggregateCall call : aggregate.calls()) {
      if (call.distinct() || call.filter() >= 0 || call.arguments().size() > 1) {
        return null;
      }
      String column = null;
      if (!call.arguments().isEmpty()) {
        int ordinal = call.arguments().get(0);
        int scanColumn = columnOf == null ? ordinal : columnOf.get(ordinal);
        column = scan.columns().get(scanColumn);
      }
      StatisticsCall.Function function = switch (call.function()) {
        case COUNT -> column == null ? StatisticsCall.Function.COUNT_ROWS : StatisticsCall.Function.COUNT;
        case MIN -> StatisticsCall.Function.MIN;
        case MAX -> StatisticsCall.Function.MAX;
        case SUM -> StatisticsCall.Function.SUM;
        default -> null;
      };
      if (function == null || (function == StatisticsCall.Function.COUNT_ROWS) != (column == null)) {
        return null;
      }
      calls.add(new StatisticsCall(function, column));
    }
    if (!StatisticsAggregateSource.supports(table, calls)) {
      return null;
    }
    StatisticsAggregateSource source;
    try {
      source = new StatisticsAggregateSource(table, calls, scan.filter());
    } catch (IOException | QuiverException failure) {
      return null; // the normal path reads the same footers and reports the problem where it meets it
    }
    List<String> partials = source.schema().getFields().stream().map(field -> field.getName()).toList();
    List<AggregateCall> merges = new ArrayList<>();
    for (int c = 0; c < calls.size(); c++) {
      AggregateCall call = aggregate.calls().get(c);
      AggregateFunction merge = call.function() == AggregateFunction.COUNT ? AggregateFunction.SUM : call.function();
      merges.add(new AggregateCall(merge, List.of(c), false, -1, call.type(), call.nullable(), call.name()));
    }
    return new AggregateNode(new TableScanNode(source, partials, null, -1), List.of(), merges);
  }
}
