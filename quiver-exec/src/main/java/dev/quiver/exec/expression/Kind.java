package dev.quiver.exec.expression;

import dev.quiver.common.QuiverException;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** How the compiler holds values of an Arrow type while evaluating (which {@link Column} subclass). */
enum Kind {
  BOOL,
  LONG,
  DOUBLE,
  DECIMAL,
  STRING,
  /** Intervals (months, days, microseconds apart; {@link IntervalColumn}). */
  INTERVAL,
  /** The type of an untyped NULL literal: every row NULL (held as a {@link BoolColumn}). */
  NULL;

  static Kind of(ArrowType type) {
    return switch (type.getTypeID()) {
      case Bool -> BOOL;
      case Int -> {
        ArrowType.Int integer = (ArrowType.Int) type;
        if (!integer.getIsSigned()) {
          throw unsupported(type);
        }
        yield LONG;
      }
      case Date -> {
        if (((ArrowType.Date) type).getUnit() != DateUnit.DAY) {
          throw unsupported(type);
        }
        yield LONG;
      }
      case Timestamp -> LONG;
      case Time -> {
        // micro- or nanoseconds since midnight (TIME, TIME_NS), held in the type's own unit
        if (((ArrowType.Time) type).getBitWidth() != 64) {
          throw unsupported(type);
        }
        yield LONG;
      }
      case FloatingPoint -> {
        if (((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.HALF) {
          throw unsupported(type);
        }
        yield DOUBLE;
      }
      case Decimal -> {
        if (((ArrowType.Decimal) type).getBitWidth() != 128) {
          throw unsupported(type);
        }
        yield DECIMAL;
      }
      case Utf8 -> STRING;
      case Interval -> {
        if (((ArrowType.Interval) type).getUnit() != IntervalUnit.MONTH_DAY_NANO) {
          throw unsupported(type);
        }
        yield INTERVAL;
      }
      case Null -> NULL;
      default -> throw unsupported(type);
    };
  }

  private static QuiverException unsupported(ArrowType type) {
    return QuiverException.user("expressions over " + Types.name(type) + " are not supported");
  }
}
