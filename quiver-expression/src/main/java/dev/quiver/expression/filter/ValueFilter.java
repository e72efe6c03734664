package dev.quiver.expression.filter;

import dev.quiver.common.stats.ZoneStatistics;
import org.apache.arrow.vector.FieldVector;

/** A bound test on one column's values: the leaf of an evaluation tree, in negation normal form. */
interface ValueFilter {
  /**
   * Writes the rows that pass into {@code out} (in order) and returns how many. Rows are
   * {@code rows[0, count)} (or {@code 0, 1, ..., count-1} when {@code rows} is null); row r is
   * {@code vector[offset + r]}. {@code out} may be {@code rows}.
   */
  int filter(FieldVector vector, int offset, int[] rows, int count, int[] out, Scratch scratch);

  /** Whether a NULL value passes (only IS NULL). */
  default boolean nullPasses() {
    return false;
  }

  /** What the statistics prove; sound: FALSE only when no row passes, TRUE only when all do. */
  Truth prune(ZoneStatistics statistics);
}
