package dev.quiver.exec.expression;

import dev.quiver.common.batch.Batch;

/** A condition compiled against an input schema: which rows it holds TRUE for (not FALSE, not NULL). */
public interface CompiledPredicate {
  /**
   * Writes into {@code positions} the physical row indexes (into the batch's vectors, ascending, a
   * subset of its selection when it has one) where the condition is TRUE; returns how many.
   *
   * @param positions at least {@code input.physicalRowCount()} long
   */
  int select(Batch input, int[] positions);
}
