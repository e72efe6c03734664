package dev.quiver.exec.operator;

import java.io.IOException;

/**
 * The start of a pipeline: a thread-safe supply of morsels the pipeline's threads take one at a time
 * (the morsel-driven scheduling: a fast thread takes more).
 */
public interface MorselSource extends AutoCloseable {
  /** The next morsel, or null when there are none left. Thread-safe. */
  Morsel next(ExecutionContext context) throws IOException;

  /**
   * How much of the source's work was taken so far, from 0 to 1, or NaN when the source cannot tell
   * (for a progress bar).
   */
  default double progress() {
    return Double.NaN;
  }

  /** What EXPLAIN prints and metrics are named by. */
  OperatorMetrics metrics();

  @Override
  default void close() {}
}
