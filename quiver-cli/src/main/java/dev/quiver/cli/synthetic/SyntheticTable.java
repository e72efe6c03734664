package dev.quiver.cli.synthetic;

import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A generated table, seeded and deterministic: batch {@code index} depends only on the seed and the
 * index (its own random source, {@link #random}), so batches can be made in any order or on several
 * threads and the table is always the same.
 */
public interface SyntheticTable {
  /** Rows per batch (the last batch holds the rest). */
  int BATCH_ROWS = 65_536;

  /** The table's name (the file is {@code <name>.qvr}). */
  String name();

  Schema schema();

  /** Rows in the whole table. */
  long rowCount();

  /** The number of batches. */
  default int batchCount() {
    return (int) ((rowCount() + BATCH_ROWS - 1) / BATCH_ROWS);
  }

  /** Batch {@code index} (rows {@code index * BATCH_ROWS} on), owned by the caller. */
  VectorSchemaRoot batch(int index, BufferAllocator allocator);

  /** The random source of batch {@code index} under {@code seed}. */
  static SplittableRandom random(long seed, int index) {
    return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index * 0xC2B2AE3D27D4EB4FL + 1);
  }
}
