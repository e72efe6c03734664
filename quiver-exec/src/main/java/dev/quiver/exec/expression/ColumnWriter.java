package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.math.BigInteger;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Writes a {@link Column} into a new Arrow vector of the expression's type. Fixed-width values are stored by
 * address into the vector's freshly allocated buffers (sized for the rows written), not through {@link
 * ArrowBuf}'s checked setters.
 */
final class ColumnWriter {
  private ColumnWriter() {}

  static FieldVector write(Column column, ArrowType type, BufferAllocator allocator) {
    return write(column, type, allocator, null, column.size);
  }

  /**
   * Whether {@link #write(Column, ArrowType, BufferAllocator, int[], int)} can scatter a column of this type
   * to positions (fixed-width types only).
   */
  static boolean scatters(ArrowType type) {
    Kind kind = Kind.of(type);
    return kind != Kind.STRING && kind != Kind.NULL;
  }

  /**
   * Writes the column's row {@code i} at row {@code positions[i]} of a vector of {@code rows} rows (positions
   * ascending, below {@code rows}; the rows no position names are NULL); with null positions, at row {@code i}
   * of a vector of the column's size. Positions need a type {@link #scatters}.
   */
  static FieldVector write(Column column, ArrowType type, BufferAllocator allocator, int[] positions, int rows) {
    int count = column.size;
    Field field = new Field("expression", FieldType.nullable(type), null);
    if (type instanceof ArrowType.Null) {
      return new NullVector(field, rows);
    }
    FieldVector vector = field.createVector(allocator);
    try {
      if (column instanceof StringColumn strings) {
        if (positions != null) {
          throw new IllegalArgumentException("strings are written densely");
        }
        writeStrings(strings, (VarCharVector) vector);
      } else {
        if (positions != null && count > 0 && positions[count - 1] >= rows) {
          throw new IllegalArgumentException("position " + positions[count - 1] + " is outside " + rows + " rows");
        }
        vector.setInitialCapacity(rows);
        vector.allocateNew();
        writeFixed(column, type, vector, count, positions);
      }
      vector.setValueCount(rows);
      return vector;
    } catch (RuntimeException failure) {
      vector.close();
      throw failure;
    }
  }

  private static void writeFixed(Column column, ArrowType type, FieldVector vector, int count, int[] positions) {
    long validity = vector.getValidityBuffer().memoryAddress();
    long data = vector.getDataBuffer().memoryAddress();
    boolean[] nulls = column.nulls;
    if (nulls == null && positions == null) {
      vector.getValidityBuffer().setOne(0, (count + 7) >>> 3);
    } else {
      setValidity(validity, nulls, positions, count);
    }
    if (column instanceof BoolColumn bools) {
      for (int i = 0; i < count; i++) {
        if (bools.values[i]) {
          setBit(data, positions == null ? i : positions[i]);
        }
      }
    } else if (column instanceof LongColumn longs) {
      writeLongs(longs.values, type, data, count, positions);
    } else if (column instanceof DoubleColumn doubles) {
      if (Types.isSingle(type)) {
        for (int i = 0; i < count; i++) {
          MemoryUtil.putInt(data + (positions == null ? i : positions[i]) * 4L,
              Float.floatToRawIntBits((float) doubles.values[i]));
        }
      } else {
        for (int i = 0; i < count; i++) {
          MemoryUtil.putLong(data + (positions == null ? i : positions[i]) * 8L,
              Double.doubleToRawLongBits(doubles.values[i]));
        }
      }
    } else if (column instanceof IntervalColumn intervals) {
      for (int i = 0; i < count; i++) {
        long at = data + (positions == null ? i : positions[i]) * 16L;
        MemoryUtil.putInt(at, intervals.months[i]);
        MemoryUtil.putInt(at + 4, intervals.days[i]);
        MemoryUtil.putLong(at + 8, nanos(intervals.micros[i]));
      }
    } else {
      writeDecimals((DecimalColumn) column, data, count, positions);
    }
  }

  /**
   * Sets the validity bit of each non-NULL row written (at {@code positions[i]}, ascending, or at {@code i}): the
   * bits of a run of rows in one byte gathered, then OR-ed into it once.
   */
  private static void setValidity(long validity, boolean[] nulls, int[] positions, int count) {
    int currentByte = -1;
    int bits = 0;
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      int row = positions == null ? i : positions[i];
      int index = row >>> 3;
      if (index != currentByte) {
        if (currentByte >= 0) {
          orByte(validity + currentByte, bits);
        }
        currentByte = index;
        bits = 0;
      }
      bits |= 1 << (row & 7);
    }
    if (currentByte >= 0) {
      orByte(validity + currentByte, bits);
    }
  }

  private static void orByte(long at, int bits) {
    MemoryUtil.putByte(at, (byte) (MemoryUtil.getByte(at) | bits));
  }

  private static void setBit(long bitmap, int row) {
    long at = bitmap + (row >>> 3);
    MemoryUtil.putByte(at, (byte) (MemoryUtil.getByte(at) | (1 << (row & 7))));
  }

  private static long nanos(long micros) {
    try {
      return Math.multiplyExact(micros, 1000L);
    } catch (ArithmeticException tooLarge) {
      throw QuiverException.user("interval out of range: " + micros + " microseconds do not fit Arrow's nanoseconds");
    }
  }

  private static void writeLongs(long[] values, ArrowType type, long data, int count, int[] positions) {
    int width = type instanceof ArrowType.Int integer ? integer.getBitWidth() / 8 : Types.isDate(type) ? 4 : 8;
    switch (width) {
      case 1 -> {
        for (int i = 0; i < count; i++) {
          MemoryUtil.putByte(data + (positions == null ? i : positions[i]), (byte) values[i]);
        }
      }
      case 2 -> {
        for (int i = 0; i < count; i++) {
          MemoryUtil.putShort(data + (positions == null ? i : positions[i]) * 2L, (short) values[i]);
        }
      }
      case 4 -> {
        for (int i = 0; i < count; i++) {
          MemoryUtil.putInt(data + (positions == null ? i : positions[i]) * 4L, (int) values[i]);
        }
      }
      default -> {
        long perUnit = type instanceof ArrowType.Timestamp timestamp ? Types.microsPerUnit(timestamp) : 1;
        for (int i = 0; i < count; i++) {
          long value = values[i];
          MemoryUtil.putLong(data + (positions == null ? i : positions[i]) * 8L,
              perUnit == 1 ? value : perUnit == 0 ? value * 1000 : Math.floorDiv(value, perUnit));
        }
      }
    }
  }

  private static void writeDecimals(DecimalColumn column, long data, int count, int[] positions) {
    if (!column.isWide()) {
      for (int i = 0; i < count; i++) {
        long value = column.values[i];
        long at = data + (positions == null ? i : positions[i]) * 16L;
        MemoryUtil.putLong(at, value);
        MemoryUtil.putLong(at + 8, value >> 63);
      }
      return;
    }
    for (int i = 0; i < count; i++) {
      BigInteger value = column.wide[i];
      byte[] bytes = value.toByteArray();
      byte fill = (byte) (value.signum() < 0 ? 0xFF : 0);
      long at = data + (positions == null ? i : positions[i]) * 16L;
      for (int b = 0; b < 16; b++) {
        int index = bytes.length - 1 - b;
        MemoryUtil.putByte(at + b, index >= 0 ? bytes[index] : fill);
      }
    }
  }

  private static void writeStrings(StringColumn strings, VarCharVector vector) {
    int count = strings.size;
    int bytes = strings.offsets[count] - strings.offsets[0];
    vector.allocateNew(Math.max(bytes, 1), Math.max(count, 1));
    ArrowBuf validity = vector.getValidityBuffer();
    ArrowBuf offsets = vector.getOffsetBuffer();
    int base = strings.offsets[0];
    for (int i = 0; i < count; i++) {
      if (!strings.isNull(i)) {
        BitVectorHelper.setBit(validity, i);
      }
    }
    for (int i = 0; i <= count; i++) {
      offsets.setInt(i * 4L, strings.offsets[i] - base);
    }
    vector.getDataBuffer().setBytes(0, strings.data, base, bytes);
    vector.setLastSet(count - 1);
  }
}
