package dev.quiver.exec.expression;

import java.math.BigInteger;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** Helpers on the Arrow types the compiler evaluates: names for messages, ranges, zones. */
final class Types {
  static final ArrowType BOOL = ArrowType.Bool.INSTANCE;
  static final ArrowType INT64 = new ArrowType.Int(64, true);
  static final ArrowType INT32 = new ArrowType.Int(32, true);
  static final ArrowType FLOAT64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
  static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;
  static final ArrowType TIMESTAMP = new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
  static final ArrowType INTERVAL = new ArrowType.Interval(org.apache.arrow.vector.types.IntervalUnit.MONTH_DAY_NANO);
  static final long MICROS_PER_DAY = 86_400_000_000L;
  static final long MICROS_PER_SECOND = 1_000_000L;

  private static final long[] POWERS_OF_TEN = new long[19];
  private static final BigInteger[] BIG_POWERS_OF_TEN = new BigInteger[80];

  static {
    POWERS_OF_TEN[0] = 1;
    for (int i = 1; i < POWERS_OF_TEN.length; i++) {
      POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
    }
    for (int i = 0; i < BIG_POWERS_OF_TEN.length; i++) {
      BIG_POWERS_OF_TEN[i] = BigInteger.TEN.pow(i);
    }
  }

  private Types() {}

  /** The SQL-ish name of a type for messages: INT32, DECIMAL(15,2), VARCHAR, DATE, TIMESTAMP. */
  static String name(ArrowType type) {
    return switch (type.getTypeID()) {
      case Bool -> "BOOLEAN";
      case Int -> (((ArrowType.Int) type).getIsSigned() ? "INT" : "UINT") + ((ArrowType.Int) type).getBitWidth();
      case FloatingPoint -> ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.SINGLE
          ? "FLOAT"
          : "DOUBLE";
      case Decimal -> "DECIMAL(" + ((ArrowType.Decimal) type).getPrecision() + ","
          + ((ArrowType.Decimal) type).getScale() + ")";
      case Utf8 -> "VARCHAR";
      case Date -> "DATE";
      case Time -> ((ArrowType.Time) type).getUnit() == TimeUnit.NANOSECOND ? "TIME_NS" : "TIME";
      case Timestamp -> ((ArrowType.Timestamp) type).getTimezone() == null ? "TIMESTAMP"
          : "TIMESTAMP WITH TIME ZONE";
      case Null -> "NULL";
      case Interval -> "INTERVAL";
      default -> type.toString();
    };
  }

  static long powerOfTen(int exponent) {
    return POWERS_OF_TEN[exponent];
  }

  /** 10^exponent as a long, or -1 when it does not fit. */
  static long powerOfTenOrMinusOne(int exponent) {
    return exponent < POWERS_OF_TEN.length ? POWERS_OF_TEN[exponent] : -1;
  }

  static BigInteger bigPowerOfTen(int exponent) {
    return exponent < BIG_POWERS_OF_TEN.length ? BIG_POWERS_OF_TEN[exponent] : BigInteger.TEN.pow(exponent);
  }

  static int bitWidth(ArrowType type) {
    return ((ArrowType.Int) type).getBitWidth();
  }

  static long intMinimum(int bits) {
    return bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
  }

  static long intMaximum(int bits) {
    return bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
  }

  static boolean isInt(ArrowType type) {
    return type instanceof ArrowType.Int;
  }

  static boolean isDate(ArrowType type) {
    return type instanceof ArrowType.Date;
  }

  static boolean isTime(ArrowType type) {
    return type instanceof ArrowType.Time;
  }

  /** Nanoseconds per unit of a 64-bit TIME type (1000 for TIME, 1 for TIME_NS). */
  static long nanosPerTimeUnit(ArrowType type) {
    return ((ArrowType.Time) type).getUnit() == TimeUnit.NANOSECOND ? 1L : 1_000L;
  }

  static boolean isTimestamp(ArrowType type) {
    return type instanceof ArrowType.Timestamp;
  }

  static boolean isSingle(ArrowType type) {
    return type instanceof ArrowType.FloatingPoint floating
        && floating.getPrecision() == FloatingPointPrecision.SINGLE;
  }

  static int precision(ArrowType type) {
    return ((ArrowType.Decimal) type).getPrecision();
  }

  static int scale(ArrowType type) {
    return ((ArrowType.Decimal) type).getScale();
  }

  /** The zone of a timestamp type (UTC when it has none). */
  static ZoneId zone(ArrowType type) {
    String zone = type instanceof ArrowType.Timestamp timestamp ? timestamp.getTimezone() : null;
    return zone == null ? ZoneOffset.UTC : ZoneId.of(zone);
  }

  /** Microseconds per unit of a timestamp type (0 for nanoseconds, which divide). */
  static long microsPerUnit(ArrowType.Timestamp type) {
    return switch (type.getUnit()) {
      case SECOND -> 1_000_000L;
      case MILLISECOND -> 1_000L;
      case MICROSECOND -> 1L;
      case NANOSECOND -> 0L;
    };
  }
}
