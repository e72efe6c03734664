package dev.quiver.expression.filter;

import dev.quiver.common.stats.ZoneStatistics;
import java.util.function.Function;

/**
 * An expression bound for evaluation, in negation normal form: NOT is pushed into the leaves (exact
 * under SQL's three-valued logic), so a row passes a node exactly when the node's result is TRUE.
 */
sealed interface Predicate permits AndPredicate, OrPredicate, LeafPredicate, ConstantPredicate {
  /**
   * Writes the rows of {@code rows[0, count)} (or {@code 0..count-1} when null) whose result is TRUE
   * into {@code out}, ascending, and returns how many. {@code out} may be {@code rows}.
   */
  int filter(Function<String, ColumnSlice> columns, int[] rows, int count, int[] out, Scratch scratch);

  /** What the statistics prove. */
  Truth prune(Function<String, ZoneStatistics> statistics);

  /** The node as SQL, for messages. */
  String describe();
}
