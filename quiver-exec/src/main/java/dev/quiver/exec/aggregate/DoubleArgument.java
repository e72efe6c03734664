package dev.quiver.exec.aggregate;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.keys.KeyKind;
import dev.quiver.exec.plan.AggregateCall;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A numeric aggregate argument read as doubles, as DuckDB casts the arguments of its statistics aggregates
 * to DOUBLE: integers and floats as their value, a decimal as the double nearest its value.
 */
final class DoubleArgument {
  /** Integers below this magnitude are exact doubles. */
  private static final long EXACT_INTEGERS = 1L << 53;
  private static final double[] POWERS_OF_TEN = new double[23];

  static {
    POWERS_OF_TEN[0] = 1;
    for (int i = 1; i < POWERS_OF_TEN.length; i++) {
      POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
    }
  }

  private final KeyKind kind;
  private final int scale;
  private long[] low = new long[0];
  private long[] high = new long[0];

  private DoubleArgument(KeyKind kind, int scale) {
    this.kind = kind;
    this.scale = scale;
  }

  /** The reader of {@code field}, an argument of {@code call}; a USER error when it is not numeric. */
  static DoubleArgument of(AggregateCall call, Field field) {
    ArrowType type = field.getType();
    boolean numeric = type instanceof ArrowType.Int || type instanceof ArrowType.FloatingPoint
        || type instanceof ArrowType.Decimal;
    KeyKind kind = numeric ? KeyKind.of(type) : KeyKind.BYTES;
    return switch (kind) {
      case INT8, INT16, INT32, INT64, FLOAT32, FLOAT64 -> new DoubleArgument(kind, 0);
      case DECIMAL -> new DoubleArgument(kind, ((ArrowType.Decimal) field.getType()).getScale());
      default -> throw QuiverException.user(call.function().name().toLowerCase(java.util.Locale.ROOT)
          + " needs numeric arguments, not " + field.getType() + " (column " + field.getName() + ")");
    };
  }

  /** Reads rows {@code rows[0, count)} of {@code vector} into {@code values}, NULL rows false in {@code valid}. */
  void read(FieldVector vector, int[] rows, int count, double[] values, boolean[] valid) {
    if (low.length < count) {
      low = new long[count];
      high = new long[count];
    }
    ValueReader.read(vector, kind, rows, count, low, high, valid);
    switch (kind) {
      case FLOAT32, FLOAT64 -> {
        for (int i = 0; i < count; i++) {
          values[i] = Double.longBitsToDouble(low[i]);
        }
      }
      case DECIMAL -> {
        for (int i = 0; i < count; i++) {
          values[i] = valid[i] ? decimal(low[i], high[i]) : 0;
        }
      }
      default -> {
        for (int i = 0; i < count; i++) {
          values[i] = low[i];
        }
      }
    }
  }

  /** The double nearest the decimal low/high at this scale (one rounding, as DuckDB's cast). */
  private double decimal(long lowHalf, long highHalf) {
    if (highHalf == (lowHalf >> 63) && lowHalf > -EXACT_INTEGERS && lowHalf < EXACT_INTEGERS
        && scale < POWERS_OF_TEN.length) {
      return lowHalf / POWERS_OF_TEN[scale];
    }
    BigInteger unscaled = BigInteger.valueOf(highHalf).shiftLeft(64).or(BigInteger.valueOf(lowHalf)
        .and(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)));
    return new BigDecimal(unscaled, scale).doubleValue();
  }
}
