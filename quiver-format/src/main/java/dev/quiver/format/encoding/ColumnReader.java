package dev.quiver.format.encoding;

import dev.quiver.common.QuiverException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/**
 * Copies rows of an Arrow vector into a heap {@link Column} for the encoders, and its validity
 * into a {@link BooleanColumn}. A null row takes the previous non-null row's value (the first
 * non-null value for leading nulls; zero, false or empty when every row is null), which keeps runs,
 * dictionaries and frames of reference as small as the non-null values allow.
 */
final class ColumnReader {
  private ColumnReader() {}

  /** The values and validity of a chunk; {@code validity} is null when no row is null. */
  record ReadColumn(Column values, BooleanColumn validity, int nullCount) {}

  static ReadColumn read(FieldVector vector, int start, int count, PhysicalType type) {
    BooleanColumn validity = BooleanColumn.allocate(count);
    int nullCount = 0;
    if (count > 0) {
      ArrowBuf validityBuffer = vector.getValidityBuffer();
      requireCapacity(validityBuffer, ((long) start + count + 7) >>> 3, "validity");
      long address = validityBuffer.memoryAddress();
      for (int i = 0; i < count; i++) {
        long bit = (long) start + i;
        if ((MemoryUtil.getByte(address + (bit >>> 3)) >>> (bit & 7) & 1) != 0) {
          validity.set(i);
        } else {
          nullCount++;
        }
      }
    }
    BooleanColumn nullable = nullCount == 0 ? null : validity;
    Column values;
    switch (type) {
      case BOOLEAN:
        values = readBooleans(vector, start, count, nullable);
        break;
      case BINARY:
        values = readBinary(vector, start, count, nullable);
        break;
      case DECIMAL128:
        values = readDecimals(vector, start, count, nullable);
        break;
      default:
        values = readLongs(vector, start, count, type, nullable);
        break;
    }
    return new ReadColumn(values, nullable, nullCount);
  }

  private static int firstValid(BooleanColumn validity, int count) {
    if (validity == null) {
      return count > 0 ? 0 : -1;
    }
    for (int i = 0; i < count; i++) {
      if (validity.get(i)) {
        return i;
      }
    }
    return -1;
  }

  private static LongColumn readLongs(FieldVector vector, int start, int count, PhysicalType type,
      BooleanColumn validity) {
    int width = type.width;
    long[] values = new long[count];
    if (count == 0) {
      return new LongColumn(type, values, 0);
    }
    ArrowBuf data = vector.getDataBuffer();
    requireCapacity(data, ((long) start + count) * width, "data");
    long address = data.memoryAddress() + (long) start * width;
    int first = firstValid(validity, count);
    long last = first < 0 ? 0 : FixedWidthMemory.read(address + (long) first * width, width);
    for (int i = 0; i < count; i++) {
      if (validity == null || validity.get(i)) {
        last = FixedWidthMemory.read(address + (long) i * width, width);
      }
      values[i] = last;
    }
    return new LongColumn(type, values, count);
  }

  private static DecimalColumn readDecimals(FieldVector vector, int start, int count, BooleanColumn validity) {
    long[] low = new long[count];
    long[] high = new long[count];
    if (count == 0) {
      return new DecimalColumn(low, high, 0);
    }
    ArrowBuf data = vector.getDataBuffer();
    requireCapacity(data, ((long) start + count) * 16, "data");
    long address = data.memoryAddress() + (long) start * 16;
    int first = firstValid(validity, count);
    long lastLow = first < 0 ? 0 : MemoryUtil.getLong(address + 16L * first);
    long lastHigh = first < 0 ? 0 : MemoryUtil.getLong(address + 16L * first + 8);
    for (int i = 0; i < count; i++) {
      if (validity == null || validity.get(i)) {
        lastLow = MemoryUtil.getLong(address + 16L * i);
        lastHigh = MemoryUtil.getLong(address + 16L * i + 8);
      }
      low[i] = lastLow;
      high[i] = lastHigh;
    }
    return new DecimalColumn(low, high, count);
  }

  private static BooleanColumn readBooleans(FieldVector vector, int start, int count, BooleanColumn validity) {
    BooleanColumn values = BooleanColumn.allocate(count);
    if (count == 0) {
      return values;
    }
    ArrowBuf data = vector.getDataBuffer();
    requireCapacity(data, ((long) start + count + 7) >>> 3, "data");
    long address = data.memoryAddress();
    int first = firstValid(validity, count);
    boolean last = first >= 0 && bit(address, (long) start + first);
    for (int i = 0; i < count; i++) {
      if (validity == null || validity.get(i)) {
        last = bit(address, (long) start + i);
      }
      if (last) {
        values.set(i);
      }
    }
    return values;
  }

  private static boolean bit(long address, long index) {
    return (MemoryUtil.getByte(address + (index >>> 3)) >>> (index & 7) & 1) != 0;
  }

  private static BinaryColumn readBinary(FieldVector vector, int start, int count, BooleanColumn validity) {
    int[] offsets = new int[count + 1];
    if (count == 0) {
      return new BinaryColumn(offsets, new byte[0], 0);
    }
    ArrowBuf offsetBuffer = vector.getOffsetBuffer();
    ArrowBuf data = vector.getDataBuffer();
    requireCapacity(offsetBuffer, ((long) start + count + 1) * 4, "offsets");
    long offsetAddress = offsetBuffer.memoryAddress();
    long dataCapacity = data.capacity();
    int[] sourceStarts = new int[count];
    int first = firstValid(validity, count);
    int lastStart = 0;
    int lastLength = 0;
    if (first >= 0) {
      lastStart = MemoryUtil.getInt(offsetAddress + 4L * (start + first));
      lastLength = MemoryUtil.getInt(offsetAddress + 4L * (start + first + 1)) - lastStart;
    }
    long total = 0;
    for (int i = 0; i < count; i++) {
      if (validity == null || validity.get(i)) {
        int begin = MemoryUtil.getInt(offsetAddress + 4L * (start + i));
        int end = MemoryUtil.getInt(offsetAddress + 4L * (start + i + 1));
        if (begin < 0 || end < begin || end > dataCapacity) {
          throw QuiverException.user("vector " + vector.getName() + " has offsets " + begin + ".." + end
              + " at row " + (start + i) + ", outside its data of " + dataCapacity + " bytes");
        }
        lastStart = begin;
        lastLength = end - begin;
      }
      sourceStarts[i] = lastStart;
      total += lastLength;
      if (total > EncodingFormat.MAXIMUM_DATA_BYTES) {
        throw QuiverException.user("chunk of vector " + vector.getName() + " holds more than "
            + EncodingFormat.MAXIMUM_DATA_BYTES + " bytes of data; encode fewer rows at a time");
      }
      offsets[i + 1] = (int) total;
    }
    byte[] bytes = new byte[(int) total];
    long dataAddress = data.memoryAddress();
    for (int i = 0; i < count; i++) {
      int length = offsets[i + 1] - offsets[i];
      if (length > 0) {
        MemoryUtil.copyFromMemory(dataAddress + sourceStarts[i], bytes, offsets[i], length);
      }
    }
    return new BinaryColumn(offsets, bytes, count);
  }

  private static void requireCapacity(ArrowBuf buffer, long needed, String what) {
    if (buffer.capacity() < needed) {
      throw QuiverException
          .user("vector " + what + " buffer has " + buffer.capacity() + " bytes; the rows need " + needed);
    }
  }
}
