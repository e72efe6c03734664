package dev.quiver.shuffle.testing;

import dev.quiver.shuffle.sample.CometBenchmarkTable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The shuffle's own table shape (its seeded every-type tables are {@code dev.quiver.testing.TestingTables}).
 */
public final class TestTables {
  private TestTables() {}

  /** Comet's benchmark shape (see {@link CometBenchmarkTable}). */
  public static VectorSchemaRoot cometBenchmarkBatch(BufferAllocator allocator, int columns, int rows) {
    return CometBenchmarkTable.batch(allocator, columns, rows);
  }
}
