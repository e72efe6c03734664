package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.math.BigInteger;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Reads Arrow vectors into {@link Column}s: the rows at physical positions (or the first rows), one
 * tight loop per type straight over the vector's buffers; dictionary codes through the dictionary's
 * values read once. The loops read memory by address: the buffer's extent is checked once per read
 * against the highest row it touches ({@link #address}), not once per value as {@link ArrowBuf}'s getters do.
 */
final class ColumnReader {
  private ColumnReader() {}

  /**
   * Rows {@code positions[0, count)} of the vector (rows {@code [0, count)} when positions is null),
   * read as {@code type}.
   */
  static Column read(FieldVector vector, ArrowType type, int[] positions, int count) {
    return read(vector, type, positions, count, highestRow(positions, count));
  }

  /** {@link #read(FieldVector, ArrowType, int[], int)} with the positions' highest row known ({@link #highestRow}). */
  static Column read(FieldVector vector, ArrowType type, int[] positions, int count, int highest) {
    boolean[] nulls = nulls(vector, positions, count, highest);
    return switch (Kind.of(type)) {
      case BOOL -> new BoolColumn(readBits(vector.getDataBuffer(), positions, count, highest), nulls);
      case LONG -> new LongColumn(readLongs(vector, type, positions, count, nulls, highest), nulls);
      case DOUBLE -> new DoubleColumn(readDoubles(vector, type, positions, count, nulls, highest), nulls);
      case DECIMAL -> readDecimals(vector, type, positions, count, nulls, highest);
      case STRING -> readStrings(vector, positions, count, nulls);
      case INTERVAL -> readIntervals(vector, positions, count, nulls);
      case NULL -> new BoolColumn(new boolean[count], Column.allNulls(count));
    };
  }

  /** The values of a dictionary followed by one NULL row (index = the dictionary's size). */
  static Column readDictionaryWithNull(FieldVector values, ArrowType type) {
    int size = values.getValueCount();
    Column plain = read(values, type, null, size);
    int[] indexes = new int[size + 1];
    for (int i = 0; i < size; i++) {
      indexes[i] = i;
    }
    indexes[size] = -1;
    return plain.gather(indexes, size + 1);
  }

  /**
   * The codes of a dictionary column at the positions as indexes into its values; a null code becomes
   * {@code nullIndex}; a code outside the dictionary is a CORRUPT error naming the column.
   */
  static int[] codes(IntVector codes, int[] positions, int count, int dictionarySize, int nullIndex,
      String column) {
    return codes(codes, positions, count, dictionarySize, nullIndex, column, highestRow(positions, count));
  }

  /** {@link #codes(IntVector, int[], int, int, int, String)} with the positions' highest row known. */
  static int[] codes(IntVector codes, int[] positions, int count, int dictionarySize, int nullIndex,
      String column, int highest) {
    long data = address(codes.getDataBuffer(), highest, 4);
    boolean[] nulls = nulls(codes, positions, count, highest);
    int[] result = new int[count];
    for (int i = 0; i < count; i++) {
      int row = positions == null ? i : positions[i];
      if (nulls != null && nulls[i]) {
        result[i] = nullIndex;
        continue;
      }
      int code = MemoryUtil.getInt(data + (long) row * 4);
      if (code < 0 || code >= dictionarySize) {
        throw QuiverException.corrupt("column " + column + ": dictionary code " + code + " at row " + row
            + " is outside its dictionary of " + dictionarySize + " values");
      }
      result[i] = code;
    }
    return result;
  }

  static boolean[] nulls(FieldVector vector, int[] positions, int count) {
    return nulls(vector, positions, count, highestRow(positions, count));
  }

  private static boolean[] nulls(FieldVector vector, int[] positions, int count, int highest) {
    if (vector.getNullCount() == 0) {
      return null;
    }
    long validity = bitsAddress(vector.getValidityBuffer(), highest);
    boolean[] nulls = new boolean[count];
    for (int i = 0; i < count; i++) {
      int row = positions == null ? i : positions[i];
      nulls[i] = ((MemoryUtil.getByte(validity + (row >>> 3)) >>> (row & 7)) & 1) == 0;
    }
    return nulls;
  }

  private static boolean[] readBits(ArrowBuf data, int[] positions, int count, int highest) {
    long address = bitsAddress(data, highest);
    boolean[] values = new boolean[count];
    for (int i = 0; i < count; i++) {
      int row = positions == null ? i : positions[i];
      values[i] = ((MemoryUtil.getByte(address + (row >>> 3)) >>> (row & 7)) & 1) != 0;
    }
    return values;
  }

  /**
   * The address of {@code buffer}, checked to hold {@code width} bytes at every row up to {@code highest} (the
   * highest row the read touches, -1 for none: {@link #highestRow}).
   */
  private static long address(ArrowBuf buffer, int highest, int width) {
    return checked(buffer, (long) (highest + 1) * width);
  }

  /** As {@link #address} for a bitmap (validity or booleans): one bit per row. */
  private static long bitsAddress(ArrowBuf buffer, int highest) {
    return checked(buffer, highest < 0 ? 0 : ((long) highest >>> 3) + 1);
  }

  private static long checked(ArrowBuf buffer, long endByte) {
    if (endByte > buffer.capacity()) {
      throw new IllegalStateException("a read up to byte " + endByte + " passes the end of a buffer of "
          + buffer.capacity() + " bytes");
    }
    return buffer.memoryAddress();
  }

  /**
   * The highest row a read of rows {@code [0, count)}, or {@code positions[0, count)}, touches; -1 for none. A
   * negative position fails.
   */
  static int highestRow(int[] positions, int count) {
    if (positions == null) {
      return count - 1;
    }
    int highest = -1;
    int lowest = 0;
    for (int i = 0; i < count; i++) {
      highest = Math.max(highest, positions[i]);
      lowest = Math.min(lowest, positions[i]);
    }
    if (lowest < 0) {
      throw new IllegalStateException("a read at the negative position " + lowest);
    }
    return highest;
  }

  private static long[] readLongs(FieldVector vector, ArrowType type, int[] positions, int count, boolean[] nulls,
      int highest) {
    int width = type instanceof ArrowType.Int integer ? integer.getBitWidth() / 8 : Types.isDate(type) ? 4 : 8;
    long data = address(vector.getDataBuffer(), highest, width);
    long[] values = new long[count];
    switch (width) {
      case 1 -> {
        for (int i = 0; i < count; i++) {
          values[i] = MemoryUtil.getByte(data + (positions == null ? i : positions[i]));
        }
      }
      case 2 -> {
        for (int i = 0; i < count; i++) {
          values[i] = MemoryUtil.getShort(data + (positions == null ? i : positions[i]) * 2L);
        }
      }
      case 4 -> {
        if (positions == null) {
          for (int i = 0; i < count; i++) {
            values[i] = MemoryUtil.getInt(data + i * 4L);
          }
        } else {
          for (int i = 0; i < count; i++) {
            values[i] = MemoryUtil.getInt(data + positions[i] * 4L);
          }
        }
      }
      default -> {
        if (positions == null) {
          for (int i = 0; i < count; i++) {
            values[i] = MemoryUtil.getLong(data + i * 8L);
          }
        } else {
          for (int i = 0; i < count; i++) {
            values[i] = MemoryUtil.getLong(data + positions[i] * 8L);
          }
        }
      }
    }
    if (type instanceof ArrowType.Timestamp timestamp) {
      toMicros(values, Types.microsPerUnit(timestamp));
    }
    clearNulls(values, nulls);
    return values;
  }

  private static void toMicros(long[] values, long microsPerUnit) {
    if (microsPerUnit == 1) {
      return;
    }
    for (int i = 0; i < values.length; i++) {
      values[i] = microsPerUnit == 0 ? Math.floorDiv(values[i], 1000) : values[i] * microsPerUnit;
    }
  }

  private static void clearNulls(long[] values, boolean[] nulls) {
    if (nulls != null) {
      for (int i = 0; i < values.length; i++) {
        if (nulls[i]) {
          values[i] = 0;
        }
      }
    }
  }

  private static double[] readDoubles(FieldVector vector, ArrowType type, int[] positions, int count, boolean[] nulls,
      int highest) {
    double[] values = new double[count];
    if (Types.isSingle(type)) {
      long data = address(vector.getDataBuffer(), highest, 4);
      for (int i = 0; i < count; i++) {
        values[i] = Float.intBitsToFloat(MemoryUtil.getInt(data + (positions == null ? i : positions[i]) * 4L));
      }
    } else {
      long data = address(vector.getDataBuffer(), highest, 8);
      for (int i = 0; i < count; i++) {
        values[i] = Double.longBitsToDouble(MemoryUtil.getLong(data + (positions == null ? i : positions[i]) * 8L));
      }
    }
    if (nulls != null) {
      for (int i = 0; i < count; i++) {
        if (nulls[i]) {
          values[i] = 0;
        }
      }
    }
    return values;
  }

  /** Arrow MONTH_DAY_NANO values (int months, int days, long nanos: 16 bytes) to months, days, micros. */
  private static IntervalColumn readIntervals(FieldVector vector, int[] positions, int count, boolean[] nulls) {
    ArrowBuf data = vector.getDataBuffer();
    IntervalColumn result = IntervalColumn.allocate(count, nulls);
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      long offset = (positions == null ? i : positions[i]) * 16L;
      result.months[i] = data.getInt(offset);
      result.days[i] = data.getInt(offset + 4);
      result.micros[i] = Math.floorDiv(data.getLong(offset + 8), 1000L);
    }
    return result;
  }

  private static DecimalColumn readDecimals(FieldVector vector, ArrowType type, int[] positions, int count,
      boolean[] nulls, int highest) {
    ArrowBuf data = vector.getDataBuffer();
    long address = address(data, highest, 16);
    long[] values = new long[count];
    boolean wide = false;
    for (int i = 0; i < count; i++) {
      long offset = address + (positions == null ? i : positions[i]) * 16L;
      long low = MemoryUtil.getLong(offset);
      long high = MemoryUtil.getLong(offset + 8);
      values[i] = low;
      wide |= high != (low >> 63);
    }
    if (nulls != null) {
      for (int i = 0; i < count; i++) {
        if (nulls[i]) {
          values[i] = 0;
        }
      }
    }
    int scale = Types.scale(type);
    if (!wide) {
      return new DecimalColumn(scale, values, nulls);
    }
    BigInteger[] big = new BigInteger[count];
    for (int i = 0; i < count; i++) {
      long offset = (positions == null ? i : positions[i]) * 16L;
      if (nulls != null && nulls[i]) {
        big[i] = BigInteger.ZERO;
        continue;
      }
      byte[] bytes = new byte[16];
      for (int b = 0; b < 16; b++) {
        bytes[15 - b] = data.getByte(offset + b);
      }
      big[i] = new BigInteger(bytes);
    }
    return new DecimalColumn(scale, big, nulls);
  }

  private static StringColumn readStrings(FieldVector vector, int[] positions, int count, boolean[] nulls) {
    ArrowBuf offsets = vector.getOffsetBuffer();
    ArrowBuf data = vector.getDataBuffer();
    int[] resultOffsets = new int[count + 1];
    if (positions == null) {
      int base = count == 0 ? 0 : offsets.getInt(0);
      int end = count == 0 ? 0 : offsets.getInt((long) count * 4);
      byte[] bytes = new byte[end - base];
      data.getBytes(base, bytes, 0, bytes.length);
      for (int i = 0; i <= count; i++) {
        resultOffsets[i] = count == 0 ? 0 : offsets.getInt((long) i * 4) - base;
      }
      return new StringColumn(bytes, resultOffsets, nulls);
    }
    long total = 0;
    for (int i = 0; i < count; i++) {
      int row = positions[i];
      total += offsets.getInt((long) (row + 1) * 4) - offsets.getInt((long) row * 4);
    }
    byte[] bytes = new byte[Math.toIntExact(total)];
    int length = 0;
    for (int i = 0; i < count; i++) {
      int row = positions[i];
      int start = offsets.getInt((long) row * 4);
      int size = offsets.getInt((long) (row + 1) * 4) - start;
      data.getBytes(start, bytes, length, size);
      length += size;
      resultOffsets[i + 1] = length;
    }
    return new StringColumn(bytes, resultOffsets, nulls);
  }
}
