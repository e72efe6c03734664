package dev.quiver.shuffle.partition;

import dev.quiver.common.QuiverException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Folds one column into running Spark hashes, row by row: a null leaves the row's hash as it is,
 * any other value replaces it with the value's hash seeded by it (Spark's rule for {@code hash(a, b,
 * ...)}). One hasher per Arrow type that a Spark type maps to (the Comet mapping): boolean, 8/16/32
 * bit integers, 64-bit integers, float, double, decimal128, utf8 and binary (also large), date32
 * and timestamp in microseconds (with or without a zone), and the null type.
 */
@FunctionalInterface
interface ColumnHasher {

  /** Updates {@code hashes[0, rows)} with the values of {@code vector}. */
  void update(FieldVector vector, int rows, int[] hashes);

  /**
   * The hasher for {@code field}.
   *
   * @throws QuiverException USER when Spark has no hash for the field's type (or it is
   *     dictionary-encoded)
   */
  static ColumnHasher of(Field field) {
    if (field.getDictionary() != null) {
      throw unsupported(field, "dictionary-encoded columns must be decoded before hash partitioning");
    }
    ArrowType type = field.getType();
    switch (type.getTypeID()) {
      case Null:
        return (vector, rows, hashes) -> {};
      case Bool:
        return ColumnHasher::booleans;
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) type;
        if (!integer.getIsSigned()) {
          break;
        }
        return integer.getBitWidth() == 64 ? longs(8) : ints(integer.getBitWidth() / 8);
      }
      case FloatingPoint: {
        FloatingPointPrecision precision = ((ArrowType.FloatingPoint) type).getPrecision();
        if (precision == FloatingPointPrecision.SINGLE) {
          return ColumnHasher::floats;
        }
        if (precision == FloatingPointPrecision.DOUBLE) {
          return ColumnHasher::doubles;
        }
        break;
      }
      case Decimal: {
        ArrowType.Decimal decimal = (ArrowType.Decimal) type;
        if (decimal.getBitWidth() != 128 || decimal.getPrecision() > 38) {
          break;
        }
        return decimal.getPrecision() <= 18 ? longs(16) : ColumnHasher::wideDecimals;
      }
      case Utf8:
      case Binary:
        return (vector, rows, hashes) -> bytes(vector, rows, hashes, false);
      case LargeUtf8:
      case LargeBinary:
        return (vector, rows, hashes) -> bytes(vector, rows, hashes, true);
      case Date:
        if (((ArrowType.Date) type).getUnit() == org.apache.arrow.vector.types.DateUnit.DAY) {
          return ints(4);
        }
        break;
      case Timestamp:
        if (((ArrowType.Timestamp) type).getUnit() == TimeUnit.MICROSECOND) {
          return longs(8);
        }
        break;
      default:
        break;
    }
    throw unsupported(field, "Spark has no hash for type " + type);
  }

  private static QuiverException unsupported(Field field, String problem) {
    return QuiverException.user("cannot hash-partition on column " + field.getName() + ": " + problem);
  }

  /** Signed integers of {@code byteWidth} bytes (1, 2 or 4), sign-extended: INT(value). */
  private static ColumnHasher ints(int byteWidth) {
    return (vector, rows, hashes) -> {
      long values = address(vector, rows, byteWidth);
      boolean nulls = vector.getNullCount() > 0;
      for (int row = 0; row < rows; row++) {
        if (nulls && vector.isNull(row)) {
          continue;
        }
        long at = values + (long) row * byteWidth;
        int value = byteWidth == 4 ? MemoryUtil.getInt(at) : byteWidth == 2 ? MemoryUtil.getShort(at)
            : MemoryUtil.getByte(at);
        hashes[row] = SparkHash.hashInt(value, hashes[row]);
      }
    };
  }

  /**
   * The address of a fixed-width vector's values, its data buffer checked once to hold {@code rows} values of {@code
   * stride} bytes (the loops then read by address, not through ArrowBuf's per-read checks).
   */
  private static long address(FieldVector vector, int rows, int stride) {
    ArrowBuf values = vector.getDataBuffer();
    long needed = (long) rows * stride;
    if (rows > 0 && (values == null || values.capacity() < needed)) {
      throw QuiverException.corrupt("column " + vector.getName() + ": a data buffer of "
          + (values == null ? 0 : values.capacity()) + " bytes cannot hold " + rows + " values of " + stride
          + " bytes");
    }
    return rows == 0 ? 0 : values.memoryAddress();
  }

  /**
   * 64-bit values {@code stride} bytes apart: LONG(value). A 16-byte decimal of precision up to 18
   * hashes its low 64 bits, which are its unscaled value.
   */
  private static ColumnHasher longs(int stride) {
    return (vector, rows, hashes) -> {
      long values = address(vector, rows, stride);
      boolean nulls = vector.getNullCount() > 0;
      for (int row = 0; row < rows; row++) {
        if (!nulls || !vector.isNull(row)) {
          hashes[row] = SparkHash.hashLong(MemoryUtil.getLong(values + (long) row * stride), hashes[row]);
        }
      }
    };
  }

  private static void floats(FieldVector vector, int rows, int[] hashes) {
    long values = address(vector, rows, 4);
    boolean nulls = vector.getNullCount() > 0;
    for (int row = 0; row < rows; row++) {
      if (!nulls || !vector.isNull(row)) {
        hashes[row] = SparkHash.hashFloat(Float.intBitsToFloat(MemoryUtil.getInt(values + row * 4L)), hashes[row]);
      }
    }
  }

  private static void doubles(FieldVector vector, int rows, int[] hashes) {
    long values = address(vector, rows, 8);
    boolean nulls = vector.getNullCount() > 0;
    for (int row = 0; row < rows; row++) {
      if (!nulls || !vector.isNull(row)) {
        hashes[row] = SparkHash.hashDouble(Double.longBitsToDouble(MemoryUtil.getLong(values + row * 8L)),
            hashes[row]);
      }
    }
  }

  private static void booleans(FieldVector vector, int rows, int[] hashes) {
    BitVector bits = (BitVector) vector;
    for (int row = 0; row < rows; row++) {
      if (!bits.isNull(row)) {
        hashes[row] = SparkHash.hashInt(bits.get(row), hashes[row]);
      }
    }
  }

  private static void bytes(FieldVector vector, int rows, int[] hashes, boolean largeOffsets) {
    ArrowBuf offsets = vector.getOffsetBuffer();
    ArrowBuf data = vector.getDataBuffer();
    boolean nulls = vector.getNullCount() > 0;
    for (int row = 0; row < rows; row++) {
      if (nulls && vector.isNull(row)) {
        continue;
      }
      long start = largeOffsets ? offsets.getLong(row * 8L) : offsets.getInt(row * 4L);
      long end = largeOffsets ? offsets.getLong(row * 8L + 8) : offsets.getInt(row * 4L + 4);
      hashes[row] = SparkHash.hashBytes(data, start, (int) (end - start), hashes[row]);
    }
  }

  /**
   * Decimals of precision 19 to 38: Spark hashes the bytes of {@code unscaled.toByteArray()}, the
   * shortest big-endian two's complement of the 128-bit unscaled value.
   */
  private static void wideDecimals(FieldVector vector, int rows, int[] hashes) {
    ArrowBuf values = vector.getDataBuffer();
    byte[] scratch = new byte[16];
    for (int row = 0; row < rows; row++) {
      if (vector.isNull(row)) {
        continue;
      }
      long low = values.getLong(row * 16L);
      long high = values.getLong(row * 16L + 8);
      int length = TwosComplement.toMinimalBigEndian(high, low, scratch);
      hashes[row] = SparkHash.hashBytes(scratch, length, hashes[row]);
    }
  }
}
