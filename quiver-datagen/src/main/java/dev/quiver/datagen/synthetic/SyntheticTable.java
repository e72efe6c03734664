package dev.quiver.datagen.synthetic;

import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A generated table, seeded and deterministic: batch {@code index} depends only on the seed and the
 * index (its own random source, {@link #random}), so batches can be made in any order or on several
 * threads and the table is always the same. Subclasses fill the rows of a batch.
 */
public abstract class SyntheticTable {
  /** Rows per batch (the last batch holds the rest). */
  public static final int BATCH_ROWS = 65_536;

  private final String name;
  private final long rows;
  private final long seed;

  protected SyntheticTable(String name, long rows, long seed) {
    this.name = name;
    this.rows = rows;
    this.seed = seed;
  }

  /** The table's name (the file is {@code <name>.qvr}). */
  public final String name() {
    return name;
  }

  public abstract Schema schema();

  /** Rows in the whole table. */
  public final long rowCount() {
    return rows;
  }

  /** The number of batches. */
  public final int batchCount() {
    return (int) ((rows + BATCH_ROWS - 1) / BATCH_ROWS);
  }

  /** Batch {@code index} (rows {@code index * BATCH_ROWS} on), owned by the caller. */
  public final VectorSchemaRoot batch(int index, BufferAllocator allocator) {
    long first = (long) index * BATCH_ROWS;
    int count = (int) Math.min(BATCH_ROWS, rows - first);
    VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
    try {
      for (FieldVector vector : root.getFieldVectors()) {
        vector.setInitialCapacity(count);
        vector.allocateNew();
      }
      fill(root, first, count, random(seed, index));
      root.setRowCount(count);
      return root;
    } catch (RuntimeException failure) {
      root.close();
      throw failure;
    }
  }

  /** Sets rows {@code 0..count-1} of {@code batch}'s allocated vectors: table rows {@code first} on. */
  protected abstract void fill(VectorSchemaRoot batch, long first, int count, SplittableRandom random);

  /** The random source of batch {@code index} under {@code seed}. */
  static SplittableRandom random(long seed, int index) {
    return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index * 0xC2B2AE3D27D4EB4FL + 1);
  }
}
