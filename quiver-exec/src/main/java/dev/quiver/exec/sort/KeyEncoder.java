package dev.quiver.exec.sort;

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Writes the key words of {@link KeyLayout} for the rows of a dense batch: one loop per key, each
 * specialized to the key's type, reading Arrow memory by address (no per-row virtual calls, no
 * boxing).
 */
final class KeyEncoder {
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private KeyEncoder() {}

  /**
   * Writes the words of rows {@code 0..rows-1} of {@code columns} at {@code keys[(firstRow + row) *
   * words ...]}.
   */
  static void encode(KeyLayout layout, FieldVector[] columns, int rows, long[] keys, int firstRow) {
    if (rows == 0) {
      return;
    }
    int stride = layout.words();
    for (int key = 0; key < layout.keyCount(); key++) {
      FieldVector vector = columns[layout.column(key)];
      int base = firstRow * stride + layout.firstWord(key);
      boolean descending = layout.descending(key);
      boolean nullsFirst = layout.nullsFirst(key);
      int kind = layout.kind(key);
      if (kind == KeyLayout.NULLS) {
        for (int row = 0; row < rows; row++) {
          keys[base + row * stride] = 0;
        }
        continue;
      }
      long validity = vector.getValidityBuffer().memoryAddress();
      boolean noNulls = vector.getNullCount() == 0;
      if (kind == KeyLayout.BYTES) {
        bytes((BaseVariableWidthVector) vector, rows, keys, base, stride, validity, noNulls, descending, nullsFirst);
      } else if (kind <= KeyLayout.FLOAT32) {
        narrow(kind, vector, rows, keys, base, stride, validity, noNulls, descending, nullsFirst);
      } else {
        wide(kind, vector, rows, keys, base, stride, validity, noNulls, descending, nullsFirst);
      }
    }
  }

  private static boolean isSet(long validity, int row) {
    return (MemoryUtil.getByte(validity + (row >>> 3)) >> (row & 7) & 1) != 0;
  }

  /** One word: the value (in the int range), or a NULL at the very bottom or top of the long range. */
  private static void narrow(int kind, FieldVector vector, int rows, long[] keys, int base, int stride, long validity,
      boolean noNulls, boolean descending, boolean nullsFirst) {
    long nullWord = nullsFirst ? Long.MIN_VALUE : Long.MAX_VALUE;
    long data = vector.getDataBuffer().memoryAddress();
    for (int row = 0; row < rows; row++) {
      int at = base + row * stride;
      if (!noNulls && !isSet(validity, row)) {
        keys[at] = nullWord;
        continue;
      }
      long value = switch (kind) {
        case KeyLayout.BOOL -> isSet(data, row) ? 1 : 0;
        case KeyLayout.INT8 -> MemoryUtil.getByte(data + row);
        case KeyLayout.INT16 -> MemoryUtil.getShort(data + 2L * row);
        case KeyLayout.INT32 -> MemoryUtil.getInt(data + 4L * row);
        default -> orderedFloat(MemoryUtil.getInt(data + 4L * row));
      };
      keys[at] = descending ? ~value : value;
    }
  }

  /** A null word (-1/0/+1) then one value word, or two for a decimal past 18 digits. */
  private static void wide(int kind, FieldVector vector, int rows, long[] keys, int base, int stride, long validity,
      boolean noNulls, boolean descending, boolean nullsFirst) {
    long nullWord = nullsFirst ? -1 : 1;
    long data = vector.getDataBuffer().memoryAddress();
    for (int row = 0; row < rows; row++) {
      int at = base + row * stride;
      if (!noNulls && !isSet(validity, row)) {
        keys[at] = nullWord;
        keys[at + 1] = 0;
        if (kind == KeyLayout.DECIMAL128 || kind == KeyLayout.INTERVAL) {
          keys[at + 2] = 0;
        }
        continue;
      }
      keys[at] = 0;
      switch (kind) {
        case KeyLayout.INT64 -> keys[at + 1] = flip(MemoryUtil.getLong(data + 8L * row), descending);
        case KeyLayout.FLOAT64 -> keys[at + 1] = flip(orderedDouble(MemoryUtil.getLong(data + 8L * row)), descending);
        case KeyLayout.DECIMAL64 -> keys[at + 1] = flip(MemoryUtil.getLong(data + 16L * row), descending);
        case KeyLayout.INTERVAL -> {
          // the span in microseconds as a signed 128-bit integer: (months * 30 + days) * 1 day + micros
          long address = data + 16L * row;
          long wholeDays = MemoryUtil.getInt(address) * 30L + MemoryUtil.getInt(address + 4);
          long micros = Math.floorDiv(MemoryUtil.getLong(address + 8), 1000L);
          long low = wholeDays * MICROS_PER_DAY;
          long high = Math.multiplyHigh(wholeDays, MICROS_PER_DAY);
          long sum = low + micros;
          high += (micros >> 63) + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
          keys[at + 1] = flip(high, descending);
          keys[at + 2] = flip(sum ^ Long.MIN_VALUE, descending);
        }
        default -> {
          long low = MemoryUtil.getLong(data + 16L * row);
          long high = MemoryUtil.getLong(data + 16L * row + 8);
          keys[at + 1] = flip(high, descending);
          keys[at + 2] = flip(low ^ Long.MIN_VALUE, descending);
        }
      }
    }
  }

  /** A null word, then the first 7 bytes big-endian and min(length, 8) in the low byte (unsigned order). */
  private static void bytes(BaseVariableWidthVector vector, int rows, long[] keys, int base, int stride, long validity,
      boolean noNulls, boolean descending, boolean nullsFirst) {
    long nullWord = nullsFirst ? -1 : 1;
    long offsets = vector.getOffsetBuffer().memoryAddress();
    long data = vector.getDataBuffer().memoryAddress();
    for (int row = 0; row < rows; row++) {
      int at = base + row * stride;
      if (!noNulls && !isSet(validity, row)) {
        keys[at] = nullWord;
        keys[at + 1] = 0;
        continue;
      }
      int start = MemoryUtil.getInt(offsets + 4L * row);
      int length = MemoryUtil.getInt(offsets + 4L * row + 4) - start;
      long prefix = 0;
      int take = Math.min(length, 7);
      for (int i = 0; i < take; i++) {
        prefix |= (MemoryUtil.getByte(data + start + i) & 0xFFL) << (56 - 8 * i);
      }
      prefix |= Math.min(length, 8);
      keys[at] = 0;
      keys[at + 1] = flip(prefix ^ Long.MIN_VALUE, descending);
    }
  }

  private static long flip(long value, boolean descending) {
    return descending ? ~value : value;
  }

  /** A float's bits as an int whose signed order is the float order (-0 = 0, NaN last). */
  static long orderedFloat(int bits) {
    float value = Float.intBitsToFloat(bits);
    int normalized = value == 0.0f ? 0 : Float.floatToIntBits(value);
    return normalized ^ ((normalized >> 31) & 0x7FFFFFFF);
  }

  /** A double's bits as a long whose signed order is the double order (-0 = 0, NaN last). */
  static long orderedDouble(long bits) {
    double value = Double.longBitsToDouble(bits);
    long normalized = value == 0.0 ? 0 : Double.doubleToLongBits(value);
    return normalized ^ ((normalized >> 63) & Long.MAX_VALUE);
  }
}
