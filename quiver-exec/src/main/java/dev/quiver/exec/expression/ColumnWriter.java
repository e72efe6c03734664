package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import java.math.BigInteger;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/** Writes a {@link Column} into a new Arrow vector of the expression's type. */
final class ColumnWriter {
  private ColumnWriter() {}

  static FieldVector write(Column column, ArrowType type, BufferAllocator allocator) {
    int count = column.size;
    Field field = new Field("expression", FieldType.nullable(type), null);
    if (type instanceof ArrowType.Null) {
      return new NullVector(field, count);
    }
    FieldVector vector = field.createVector(allocator);
    try {
      if (column instanceof StringColumn strings) {
        writeStrings(strings, (VarCharVector) vector);
      } else {
        vector.setInitialCapacity(count);
        vector.allocateNew();
        writeFixed(column, type, vector, count);
      }
      vector.setValueCount(count);
      return vector;
    } catch (RuntimeException failure) {
      vector.close();
      throw failure;
    }
  }

  private static void writeFixed(Column column, ArrowType type, FieldVector vector, int count) {
    ArrowBuf validity = vector.getValidityBuffer();
    ArrowBuf data = vector.getDataBuffer();
    boolean[] nulls = column.nulls;
    for (int i = 0; i < count; i++) {
      if (nulls == null || !nulls[i]) {
        BitVectorHelper.setBit(validity, i);
      }
    }
    if (column instanceof BoolColumn bools) {
      for (int i = 0; i < count; i++) {
        if (bools.values[i]) {
          BitVectorHelper.setBit(data, i);
        }
      }
    } else if (column instanceof LongColumn longs) {
      writeLongs(longs.values, type, data, count);
    } else if (column instanceof DoubleColumn doubles) {
      if (Types.isSingle(type)) {
        for (int i = 0; i < count; i++) {
          data.setFloat(i * 4L, (float) doubles.values[i]);
        }
      } else {
        for (int i = 0; i < count; i++) {
          data.setDouble(i * 8L, doubles.values[i]);
        }
      }
    } else if (column instanceof IntervalColumn intervals) {
      for (int i = 0; i < count; i++) {
        data.setInt(i * 16L, intervals.months[i]);
        data.setInt(i * 16L + 4, intervals.days[i]);
        data.setLong(i * 16L + 8, nanos(intervals.micros[i]));
      }
    } else {
      writeDecimals((DecimalColumn) column, data, count);
    }
  }

  private static long nanos(long micros) {
    try {
      return Math.multiplyExact(micros, 1000L);
    } catch (ArithmeticException tooLarge) {
      throw QuiverException.user("interval out of range: " + micros + " microseconds do not fit Arrow's nanoseconds");
    }
  }

  private static void writeLongs(long[] values, ArrowType type, ArrowBuf data, int count) {
    int width = type instanceof ArrowType.Int integer ? integer.getBitWidth() / 8 : Types.isDate(type) ? 4 : 8;
    switch (width) {
      case 1 -> {
        for (int i = 0; i < count; i++) {
          data.setByte(i, (byte) values[i]);
        }
      }
      case 2 -> {
        for (int i = 0; i < count; i++) {
          data.setShort(i * 2L, (short) values[i]);
        }
      }
      case 4 -> {
        for (int i = 0; i < count; i++) {
          data.setInt(i * 4L, (int) values[i]);
        }
      }
      default -> {
        long perUnit = type instanceof ArrowType.Timestamp timestamp ? Types.microsPerUnit(timestamp) : 1;
        for (int i = 0; i < count; i++) {
          long value = values[i];
          data.setLong(i * 8L, perUnit == 1 ? value : perUnit == 0 ? value * 1000 : Math.floorDiv(value, perUnit));
        }
      }
    }
  }

  private static void writeDecimals(DecimalColumn column, ArrowBuf data, int count) {
    if (!column.isWide()) {
      for (int i = 0; i < count; i++) {
        long value = column.values[i];
        data.setLong(i * 16L, value);
        data.setLong(i * 16L + 8, value >> 63);
      }
      return;
    }
    for (int i = 0; i < count; i++) {
      BigInteger value = column.wide[i];
      byte[] bytes = value.toByteArray();
      byte fill = (byte) (value.signum() < 0 ? 0xFF : 0);
      for (int b = 0; b < 16; b++) {
        int index = bytes.length - 1 - b;
        data.setByte(i * 16L + b, index >= 0 ? bytes[index] : fill);
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
