package dev.quiver.expression.filter;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.expression.Expression;
import java.util.Objects;
import java.util.function.Function;

/**
 * Proves what an expression is over a zone (or a file) from its statistics. Sound: FALSE only when no
 * row can satisfy the expression (a NULL result does not satisfy), TRUE only when every row does.
 * Instances (from {@link #of}) keep the bound expression for many zones and are thread-safe.
 */
public final class StatisticsEvaluator {
  private final Predicate predicate;

  private StatisticsEvaluator(Predicate predicate) {
    this.predicate = predicate;
  }

  /** A pruner for many zones of the same expression (binds it once). */
  public static StatisticsEvaluator of(Expression expression) {
    return new StatisticsEvaluator(PredicateCompiler.compile(Objects.requireNonNull(expression, "expression")));
  }

  /**
   * Evaluates the expression on statistics: {@code statistics.apply(column)} gives that column's
   * statistics for the zone, or null when unknown.
   */
  public static Truth evaluate(Expression expression, Function<String, ZoneStatistics> statistics) {
    return of(expression).evaluate(statistics);
  }

  /** Evaluates this pruner's expression on one zone's statistics. */
  public Truth evaluate(Function<String, ZoneStatistics> statistics) {
    return predicate.prune(statistics);
  }
}
