package dev.quiver.bench.scan;

import dev.quiver.bench.run.Outcome;
import org.apache.arrow.memory.BufferAllocator;

/** One system's way of running the scan queries over one data set, at a fixed thread count. */
public interface ScanArm extends AutoCloseable {
  /**
   * Runs {@code query} once.
   *
   * @param verify for decode-all queries, also compute the column checksums
   */
  Outcome run(ScanQuery query, BufferAllocator allocator, boolean verify) throws Exception;

  @Override
  default void close() throws Exception {}
}
