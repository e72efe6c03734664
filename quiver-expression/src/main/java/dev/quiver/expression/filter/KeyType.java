package dev.quiver.expression.filter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * How a column's values become long keys whose order is the SQL order: integers, dates and
 * timestamps by their raw value, decimals of up to 18 digits by their unscaled value, floats by
 * {@link FloatKeys}, booleans as 0 and 1.
 */
enum KeyType {
  INT8,
  INT16,
  INT32,
  INT64,
  DECIMAL64,
  FLOAT32,
  FLOAT64,
  BOOLEAN;

  /** The largest decimal precision whose unscaled values fit a long. */
  static final int LONG_DECIMAL_DIGITS = 18;

  /** The key type of a column type, or null when its values need more than a long (wide decimals, bytes). */
  static KeyType of(ArrowType type) {
    return switch (type.getTypeID()) {
      case Int -> switch (((ArrowType.Int) type).getBitWidth()) {
        case 8 -> INT8;
        case 16 -> INT16;
        case 32 -> INT32;
        default -> INT64;
      };
      case Date -> INT32;
      case Timestamp -> INT64;
      case Time -> ((ArrowType.Time) type).getBitWidth() == 32 ? INT32 : INT64;
      case Decimal -> ((ArrowType.Decimal) type).getPrecision() <= LONG_DECIMAL_DIGITS ? DECIMAL64 : null;
      case FloatingPoint ->
        ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.SINGLE ? FLOAT32 : FLOAT64;
      case Bool -> BOOLEAN;
      default -> null;
    };
  }

  /** Reads the keys of vector rows {@code offset + rows[j]} for j in {@code [0, count)} into {@code keys}. */
  void read(FieldVector vector, int offset, int[] rows, int count, long[] keys) {
    long data = vector.getDataBuffer().memoryAddress();
    switch (this) {
      case INT8 -> {
        for (int j = 0; j < count; j++) {
          keys[j] = MemoryUtil.getByte(data + offset + rows[j]);
        }
      }
      case INT16 -> {
        for (int j = 0; j < count; j++) {
          keys[j] = MemoryUtil.getShort(data + (offset + rows[j]) * 2L);
        }
      }
      case INT32 -> {
        for (int j = 0; j < count; j++) {
          keys[j] = MemoryUtil.getInt(data + (offset + rows[j]) * 4L);
        }
      }
      case INT64 -> {
        for (int j = 0; j < count; j++) {
          keys[j] = MemoryUtil.getLong(data + (offset + rows[j]) * 8L);
        }
      }
      case DECIMAL64 -> {
        for (int j = 0; j < count; j++) {
          keys[j] = MemoryUtil.getLong(data + (offset + rows[j]) * 16L);
        }
      }
      case FLOAT32 -> {
        for (int j = 0; j < count; j++) {
          keys[j] = FloatKeys.key(Float.intBitsToFloat(MemoryUtil.getInt(data + (offset + rows[j]) * 4L)));
        }
      }
      case FLOAT64 -> {
        for (int j = 0; j < count; j++) {
          keys[j] = FloatKeys.key(Double.longBitsToDouble(MemoryUtil.getLong(data + (offset + rows[j]) * 8L)));
        }
      }
      case BOOLEAN -> {
        for (int j = 0; j < count; j++) {
          int index = offset + rows[j];
          keys[j] = MemoryUtil.getByte(data + (index >>> 3)) >> (index & 7) & 1;
        }
      }
    }
  }

  /** A key not above any in a zone, from its statistics' minimum (null when unknown); {@code scale} of decimals. */
  Long minimumKey(Object minimum, boolean containsNaN, int scale) {
    Long key = key(minimum, scale, RoundingMode.FLOOR);
    return key == null && containsNaN && minimum == null && isFloat() ? Long.valueOf(FloatKeys.NAN_KEY) : key;
  }

  /** A key not below any in a zone, from its statistics' maximum (null when unknown); {@code scale} of decimals. */
  Long maximumKey(Object maximum, boolean containsNaN, int scale) {
    return containsNaN && isFloat() ? Long.valueOf(FloatKeys.NAN_KEY) : key(maximum, scale, RoundingMode.CEILING);
  }

  private boolean isFloat() {
    return this == FLOAT32 || this == FLOAT64;
  }

  private Long key(Object statistic, int scale, RoundingMode rounding) {
    if (statistic instanceof Long value && !isFloat() && this != BOOLEAN && this != DECIMAL64) {
      return value;
    }
    if (statistic instanceof Double value && isFloat()) {
      return Double.isNaN(value) ? null : FloatKeys.key(value);
    }
    if (statistic instanceof Boolean value && this == BOOLEAN) {
      return value ? 1L : 0L;
    }
    if (statistic instanceof BigDecimal value && this == DECIMAL64) {
      BigInteger unscaled = value.setScale(scale, rounding).unscaledValue();
      return unscaled.bitLength() < 64 ? unscaled.longValue() : null;
    }
    return null;
  }
}
