package dev.quiver.scan.prune;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.expression.Expression;
import dev.quiver.expression.filter.StatisticsEvaluator;
import dev.quiver.expression.filter.Truth;
import java.util.function.Function;

/**
 * The scan's zone-map pruning: what a filter proves over one zone (or a whole file) of a column from
 * the footer's statistics. The proof rules per comparison live with the filter kernels in
 * quiver-expression ({@link StatisticsEvaluator}), so Parquet row groups and .qvr zones are pruned by
 * the same rules; this class is where the scan applies them. Sound: FALSE only when no row can pass,
 * TRUE only when every row does. Thread-safe.
 */
public final class ZonePruner {
  private final StatisticsEvaluator evaluator;

  private ZonePruner(StatisticsEvaluator evaluator) {
    this.evaluator = evaluator;
  }

  /** A pruner for many zones of the same expression (binds it once). */
  public static ZonePruner of(Expression expression) {
    return new ZonePruner(StatisticsEvaluator.of(expression));
  }

  /** One evaluation: {@code statistics.apply(column)} is that column's statistics, or null when unknown. */
  public static Truth evaluate(Expression expression, Function<String, ZoneStatistics> statistics) {
    return of(expression).evaluate(statistics);
  }

  /** What the expression is over the zone whose column statistics {@code statistics} gives. */
  public Truth evaluate(Function<String, ZoneStatistics> statistics) {
    return evaluator.evaluate(statistics);
  }
}
