package dev.quiver.shuffle.partition;

import dev.quiver.common.QuiverException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Range bounds converted to a column's type, and the comparison of a column value with a bound. */
abstract class RangeKeys {

  /** Compares two bounds (for the non-decreasing check). */
  abstract int compareBounds(int left, int right);

  /** Compares the non-null value in row {@code row} of {@code vector} with bound {@code bound}. */
  abstract int compareValueToBound(FieldVector vector, int row, int bound);

  /** Keys for {@code field}; USER error when a bound does not fit the column or the type has no order here. */
  static RangeKeys of(Field field, List<Object> bounds) {
    if (field.getDictionary() != null) {
      throw unsupported(field, "dictionary-encoded columns must be decoded first");
    }
    ArrowType type = field.getType();
    switch (type.getTypeID()) {
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) type;
        if (integer.getIsSigned()) {
          return new Longs(field, bounds, integer.getBitWidth() / 8, BoundUnit.NONE);
        }
        break;
      }
      case Date:
        if (((ArrowType.Date) type).getUnit() == org.apache.arrow.vector.types.DateUnit.DAY) {
          return new Longs(field, bounds, 4, BoundUnit.DAYS);
        }
        break;
      case Timestamp:
        return new Longs(field, bounds, 8, BoundUnit.of(((ArrowType.Timestamp) type).getUnit()));
      case FloatingPoint: {
        FloatingPointPrecision precision = ((ArrowType.FloatingPoint) type).getPrecision();
        if (precision != FloatingPointPrecision.HALF) {
          return new Doubles(field, bounds, precision == FloatingPointPrecision.SINGLE);
        }
        break;
      }
      case Decimal:
        if (((ArrowType.Decimal) type).getBitWidth() == 128) {
          return new Decimals(field, bounds);
        }
        break;
      case Utf8:
      case Binary:
        return new Bytes(field, bounds);
      case Bool:
        return new Longs(field, bounds, 0, BoundUnit.NONE);
      default:
        break;
    }
    throw unsupported(field, "type " + type + " has no range order here");
  }

  static QuiverException unsupported(Field field, String problem) {
    return QuiverException.user("cannot range-partition on column " + field.getName() + ": " + problem);
  }

  static QuiverException badBound(Field field, int index, Object bound, String expected) {
    return QuiverException.user("range bound " + index + " (" + bound + ") does not fit column "
        + field.getName() + ": expected " + expected);
  }

  /** What a temporal column counts, for converting {@code LocalDate} and {@code Instant} bounds. */
  enum BoundUnit {
    NONE,
    DAYS,
    SECONDS,
    MILLIS,
    MICROS,
    NANOS;

    static BoundUnit of(TimeUnit unit) {
      switch (unit) {
        case SECOND:
          return SECONDS;
        case MILLISECOND:
          return MILLIS;
        case MICROSECOND:
          return MICROS;
        default:
          return NANOS;
      }
    }

    Long convert(Object bound) {
      if (bound instanceof Byte || bound instanceof Short || bound instanceof Integer || bound instanceof Long) {
        return ((Number) bound).longValue();
      }
      if (this == DAYS && bound instanceof LocalDate) {
        return ((LocalDate) bound).toEpochDay();
      }
      if (bound instanceof Instant) {
        Instant instant = (Instant) bound;
        switch (this) {
          case SECONDS:
            return instant.getEpochSecond();
          case MILLIS:
            return instant.toEpochMilli();
          case MICROS:
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000);
          case NANOS:
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
          default:
            return null;
        }
      }
      return null;
    }
  }

  /** Integers, dates, timestamps (width 1, 2, 4 or 8 bytes) and booleans (width 0: false &lt; true). */
  private static final class Longs extends RangeKeys {
    private final long[] keys;
    private final int width;

    Longs(Field field, List<Object> bounds, int width, BoundUnit unit) {
      this.width = width;
      keys = new long[bounds.size()];
      for (int i = 0; i < keys.length; i++) {
        Object bound = bounds.get(i);
        Long key = width == 0
            ? (bound instanceof Boolean ? (Long) (((Boolean) bound) ? 1L : 0L) : null)
            : unit.convert(bound);
        if (key == null) {
          throw badBound(field, i, bound, width == 0 ? "a Boolean" : unit == BoundUnit.NONE ? "a whole number"
              : unit == BoundUnit.DAYS ? "a LocalDate or a day number" : "an Instant or a whole number");
        }
        keys[i] = key;
      }
    }

    @Override
    int compareBounds(int left, int right) {
      return Long.compare(keys[left], keys[right]);
    }

    @Override
    int compareValueToBound(FieldVector vector, int row, int bound) {
      long value;
      if (width == 0) {
        value = ((BitVector) vector).get(row);
      } else {
        ArrowBuf data = vector.getDataBuffer();
        long at = (long) row * width;
        value = width == 8 ? data.getLong(at)
            : width == 4 ? data.getInt(at) : width == 2 ? data.getShort(at) : data.getByte(at);
      }
      return Long.compare(value, keys[bound]);
    }
  }

  /** Floats and doubles in Spark's order: -0.0 equals 0.0, NaN above everything. */
  private static final class Doubles extends RangeKeys {
    private final double[] keys;
    private final boolean single;

    Doubles(Field field, List<Object> bounds, boolean single) {
      this.single = single;
      keys = new double[bounds.size()];
      for (int i = 0; i < keys.length; i++) {
        if (!(bounds.get(i) instanceof Number)) {
          throw badBound(field, i, bounds.get(i), "a number");
        }
        keys[i] = normalize(((Number) bounds.get(i)).doubleValue());
      }
    }

    private static double normalize(double value) {
      return value == 0.0 ? 0.0 : value;
    }

    @Override
    int compareBounds(int left, int right) {
      return Double.compare(keys[left], keys[right]);
    }

    @Override
    int compareValueToBound(FieldVector vector, int row, int bound) {
      ArrowBuf data = vector.getDataBuffer();
      double value = single ? data.getFloat(row * 4L) : data.getDouble(row * 8L);
      return Double.compare(normalize(value), keys[bound]);
    }
  }

  /** Decimal128 values against {@code BigDecimal} bounds (compared by value, whatever the scale). */
  private static final class Decimals extends RangeKeys {
    private final BigDecimal[] keys;
    private final int scale;

    Decimals(Field field, List<Object> bounds) {
      scale = ((ArrowType.Decimal) field.getType()).getScale();
      keys = new BigDecimal[bounds.size()];
      for (int i = 0; i < keys.length; i++) {
        Object bound = bounds.get(i);
        if (bound instanceof BigDecimal) {
          keys[i] = (BigDecimal) bound;
        } else if (bound instanceof Integer || bound instanceof Long || bound instanceof Short
            || bound instanceof Byte) {
          keys[i] = BigDecimal.valueOf(((Number) bound).longValue());
        } else if (bound instanceof BigInteger) {
          keys[i] = new BigDecimal((BigInteger) bound);
        } else {
          throw badBound(field, i, bound, "a BigDecimal or a whole number");
        }
      }
    }

    @Override
    int compareBounds(int left, int right) {
      return keys[left].compareTo(keys[right]);
    }

    @Override
    int compareValueToBound(FieldVector vector, int row, int bound) {
      ArrowBuf data = vector.getDataBuffer();
      long low = data.getLong(row * 16L);
      long high = data.getLong(row * 16L + 8);
      BigDecimal value = (high == (low >> 63))
          ? BigDecimal.valueOf(low, scale)
          : ((DecimalVector) vector).getObject(row);
      return value.compareTo(keys[bound]);
    }
  }

  /** Strings (as UTF-8) and binary, compared byte by byte as unsigned values, shorter first on a tie. */
  private static final class Bytes extends RangeKeys {
    private final byte[][] keys;

    Bytes(Field field, List<Object> bounds) {
      keys = new byte[bounds.size()][];
      for (int i = 0; i < keys.length; i++) {
        Object bound = bounds.get(i);
        if (bound instanceof String) {
          keys[i] = ((String) bound).getBytes(StandardCharsets.UTF_8);
        } else if (bound instanceof byte[]) {
          keys[i] = ((byte[]) bound).clone();
        } else {
          throw badBound(field, i, bound, "a String or a byte[]");
        }
      }
    }

    @Override
    int compareBounds(int left, int right) {
      return java.util.Arrays.compareUnsigned(keys[left], keys[right]);
    }

    @Override
    int compareValueToBound(FieldVector vector, int row, int bound) {
      ArrowBuf offsets = vector.getOffsetBuffer();
      ArrowBuf data = vector.getDataBuffer();
      int start = offsets.getInt(row * 4L);
      int length = offsets.getInt(row * 4L + 4) - start;
      byte[] key = keys[bound];
      int common = Math.min(length, key.length);
      for (int i = 0; i < common; i++) {
        int difference = (data.getByte(start + i) & 0xFF) - (key[i] & 0xFF);
        if (difference != 0) {
          return difference;
        }
      }
      return Integer.compare(length, key.length);
    }
  }
}
