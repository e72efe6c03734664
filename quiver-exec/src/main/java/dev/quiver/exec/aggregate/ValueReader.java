package dev.quiver.exec.aggregate;

import dev.quiver.common.batch.VectorGather;
import dev.quiver.exec.keys.KeyKind;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/**
 * Reads the argument values of chosen rows of a plain vector into long arrays, one loop per type:
 * integers, dates, timestamps and booleans as longs, floats as the bits of a double, decimals as low
 * and high halves; NULL rows marked in {@code valid}.
 */
final class ValueReader {
  private ValueReader() {}

  static void read(FieldVector vector, KeyKind kind, int[] rows, int count, long[] low, long[] high,
      boolean[] valid) {
    boolean noNulls = VectorGather.knownWithoutNulls(vector, count);
    long validity = vector.getValidityBuffer().memoryAddress();
    for (int i = 0; i < count; i++) {
      valid[i] = noNulls || isSet(validity, rows[i]);
    }
    if (kind == KeyKind.BYTES) {
      return;
    }
    long data = vector.getDataBuffer().memoryAddress();
    switch (kind) {
      case BOOL -> {
        for (int i = 0; i < count; i++) {
          low[i] = isSet(data, rows[i]) ? 1 : 0;
        }
      }
      case INT8 -> {
        for (int i = 0; i < count; i++) {
          low[i] = MemoryUtil.getByte(data + rows[i]);
        }
      }
      case INT16 -> {
        for (int i = 0; i < count; i++) {
          low[i] = MemoryUtil.getShort(data + 2L * rows[i]);
        }
      }
      case INT32 -> {
        for (int i = 0; i < count; i++) {
          low[i] = MemoryUtil.getInt(data + 4L * rows[i]);
        }
      }
      case INT64 -> {
        for (int i = 0; i < count; i++) {
          low[i] = MemoryUtil.getLong(data + 8L * rows[i]);
        }
      }
      case FLOAT32 -> {
        for (int i = 0; i < count; i++) {
          low[i] = Double.doubleToRawLongBits(Float.intBitsToFloat(MemoryUtil.getInt(data + 4L * rows[i])));
        }
      }
      case FLOAT64 -> {
        for (int i = 0; i < count; i++) {
          low[i] = MemoryUtil.getLong(data + 8L * rows[i]);
        }
      }
      case DECIMAL, INTERVAL -> {
        for (int i = 0; i < count; i++) {
          low[i] = MemoryUtil.getLong(data + 16L * rows[i]);
          high[i] = MemoryUtil.getLong(data + 16L * rows[i] + 8);
        }
      }
      default -> throw new IllegalStateException(kind.toString());
    }
  }

  /** The bytes of row {@code row} of a Utf8 or Binary vector. */
  static byte[] bytes(FieldVector vector, int row) {
    long offsets = vector.getOffsetBuffer().memoryAddress();
    int start = MemoryUtil.getInt(offsets + 4L * row);
    int length = MemoryUtil.getInt(offsets + 4L * row + 4) - start;
    byte[] bytes = new byte[length];
    vector.getDataBuffer().getBytes(start, bytes, 0, length);
    return bytes;
  }

  static boolean isSet(long bits, int row) {
    return (MemoryUtil.getByte(bits + (row >>> 3)) >> (row & 7) & 1) != 0;
  }
}
