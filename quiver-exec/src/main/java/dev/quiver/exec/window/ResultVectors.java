package dev.quiver.exec.window;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.types.pojo.Field;

/** Result columns from primitive arrays: one typed loop per column. */
final class ResultVectors {
  private ResultVectors() {}

  /**
   * A vector of {@code field}'s type (integers, decimals as unscaled values, floats) holding
   * {@code values[row]}, NULL where {@code isNull} is set (may be null: no NULLs).
   */
  static FieldVector ofLongs(Field field, long[] values, boolean[] isNull, int rows, BufferAllocator allocator) {
    FieldVector vector = field.createVector(allocator);
    try {
      vector.setInitialCapacity(Math.max(1, rows));
      vector.allocateNew();
      if (vector instanceof BigIntVector longs) {
        for (int row = 0; row < rows; row++) {
          if (isNull == null || !isNull[row]) {
            longs.set(row, values[row]);
          }
        }
      } else if (vector instanceof IntVector ints) {
        for (int row = 0; row < rows; row++) {
          if (isNull == null || !isNull[row]) {
            ints.set(row, (int) values[row]);
          }
        }
      } else if (vector instanceof SmallIntVector shorts) {
        for (int row = 0; row < rows; row++) {
          if (isNull == null || !isNull[row]) {
            shorts.set(row, (short) values[row]);
          }
        }
      } else if (vector instanceof TinyIntVector bytes) {
        for (int row = 0; row < rows; row++) {
          if (isNull == null || !isNull[row]) {
            bytes.set(row, (byte) values[row]);
          }
        }
      } else if (vector instanceof DecimalVector decimals) {
        for (int row = 0; row < rows; row++) {
          if (isNull == null || !isNull[row]) {
            decimals.set(row, values[row]);
          }
        }
      } else if (vector instanceof Float8Vector doubles) {
        for (int row = 0; row < rows; row++) {
          if (isNull == null || !isNull[row]) {
            doubles.set(row, (double) values[row]);
          }
        }
      } else {
        throw new IllegalArgumentException("no integer result column of type " + field.getType());
      }
      vector.setValueCount(rows);
      return vector;
    } catch (RuntimeException failure) {
      vector.close();
      throw failure;
    }
  }

  /** A DOUBLE (or REAL) vector holding {@code values[row]}, NULL where {@code isNull} is set (may be null). */
  static FieldVector ofDoubles(Field field, double[] values, boolean[] isNull, int rows, BufferAllocator allocator) {
    FieldVector vector = field.createVector(allocator);
    try {
      vector.setInitialCapacity(Math.max(1, rows));
      vector.allocateNew();
      if (vector instanceof Float8Vector doubles) {
        for (int row = 0; row < rows; row++) {
          if (isNull == null || !isNull[row]) {
            doubles.set(row, values[row]);
          }
        }
      } else if (vector instanceof Float4Vector floats) {
        for (int row = 0; row < rows; row++) {
          if (isNull == null || !isNull[row]) {
            floats.set(row, (float) values[row]);
          }
        }
      } else {
        throw new IllegalArgumentException("no floating result column of type " + field.getType());
      }
      vector.setValueCount(rows);
      return vector;
    } catch (RuntimeException failure) {
      vector.close();
      throw failure;
    }
  }
}
