package dev.quiver.exec.operator;

import dev.quiver.common.batch.Batch;
import java.io.IOException;

/**
 * One unit of a pipeline's source work, run by one thread: a scan split, a row group, a slice of a
 * breaker's result. Yields its batches one at a time.
 */
public interface Morsel extends AutoCloseable {
  /** The next batch (owned by the caller), or null when the morsel is done. */
  Batch next() throws IOException;

  @Override
  default void close() throws IOException {}

  /**
   * A morsel of one batch (owned by the morsel until taken, closed with it if never taken), counted as
   * output of {@code metrics} when taken.
   */
  static Morsel of(Batch batch, OperatorMetrics metrics) {
    return new Morsel() {
      private Batch pending = batch;

      @Override
      public Batch next() {
        Batch result = pending;
        pending = null;
        if (result != null) {
          metrics.output(result.rowCount());
        }
        return result;
      }

      @Override
      public void close() {
        if (pending != null) {
          pending.close();
        }
      }
    };
  }
}
