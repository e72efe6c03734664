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
}
