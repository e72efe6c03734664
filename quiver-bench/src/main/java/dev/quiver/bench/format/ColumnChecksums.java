package dev.quiver.bench.format;

import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * An order-sensitive checksum of every column of a table, fed chunk by chunk or batch by batch (the
 * result does not depend on where the pieces are cut): per row, Arrow's own value hash
 * ({@link FieldVector#hashCode(int)}, over the value's bytes; nulls hash alike), mixed into a running
 * 64-bit value. Two decoders that produce the same values and nulls in the same order agree.
 */
final class ColumnChecksums {
  private final long[] sums;
  private final long[] rows;

  ColumnChecksums(int columns) {
    this.sums = new long[columns];
    this.rows = new long[columns];
  }

  /** Adds the values of one piece of column {@code column}. */
  void add(int column, FieldVector vector) {
    long sum = sums[column];
    int count = vector.getValueCount();
    for (int row = 0; row < count; row++) {
      int hash = vector.isNull(row) ? 0x6e756c6c : vector.hashCode(row);
      sum = (sum ^ hash) * 0x9E3779B97F4A7C15L;
      sum ^= sum >>> 29;
    }
    sums[column] = sum;
    rows[column] += count;
  }

  /** Adds every column of a batch. */
  void add(VectorSchemaRoot batch) {
    List<FieldVector> vectors = batch.getFieldVectors();
    for (int column = 0; column < vectors.size(); column++) {
      add(column, vectors.get(column));
    }
  }

  long sum(int column) {
    return sums[column];
  }

  long rows(int column) {
    return rows[column];
  }

  boolean matches(ColumnChecksums other) {
    return Arrays.equals(sums, other.sums) && Arrays.equals(rows, other.rows);
  }
}
