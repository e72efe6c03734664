package dev.quiver.expression;

import dev.quiver.common.QuiverException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Checks a constant against the column it is compared with and brings it to the canonical Java type
 * of {@link Literal}. Numbers stay exact here; rounding to a column's type happens when the
 * expression is bound for evaluation, where it cannot change the result.
 */
public final class LiteralCoercion {
  private LiteralCoercion() {}

  /** The constant as a literal of the column's type; USER error when it does not fit the type. */
  static Literal coerce(Object value, ColumnReference column) {
    if (value == null) {
      return Literal.NULL;
    }
    ArrowType type = requireSupported(column);
    Object coerced = switch (type.getTypeID()) {
      case Int, Decimal -> exactNumber(value);
      case FloatingPoint -> floatNumber(value);
      case Bool -> bool(value);
      case Utf8 -> value instanceof String ? value : null;
      case Binary -> value instanceof byte[] ? value
          : value instanceof String text ? text.getBytes(StandardCharsets.UTF_8) : null;
      case Date, Timestamp -> temporal(value);
      case Time ->
        value instanceof LocalTime ? value : value instanceof String text ? TemporalText.parseTime(text) : null;
      default -> null;
    };
    if (coerced == null) {
      throw QuiverException.user("type mismatch: " + typeName(type) + " column " + column + " cannot be compared with "
          + describe(value));
    }
    if (type instanceof ArrowType.Timestamp timestamp) {
      zoneOf(timestamp);
    }
    return new Literal(coerced, type);
  }

  /** The column's type when filters support it; USER error otherwise. */
  static ArrowType requireSupported(ColumnReference column) {
    ArrowType type = column.type();
    boolean supported = switch (type.getTypeID()) {
      case Int -> ((ArrowType.Int) type).getIsSigned() && ((ArrowType.Int) type).getBitWidth() <= 64;
      case FloatingPoint ->
        ((ArrowType.FloatingPoint) type).getPrecision() != org.apache.arrow.vector.types.FloatingPointPrecision.HALF;
      case Decimal -> ((ArrowType.Decimal) type).getBitWidth() == 128;
      case Date -> ((ArrowType.Date) type).getUnit() == org.apache.arrow.vector.types.DateUnit.DAY;
      case Bool, Utf8, Binary, Timestamp, Time -> true;
      default -> false;
    };
    if (!supported) {
      throw QuiverException.user("column " + column + " has type " + typeName(type) + ", which filters do not support");
    }
    return type;
  }

  /** The zone of a timestamp column: UTC for none; USER error for a zone Java does not know. */
  public static ZoneId zoneOf(ArrowType.Timestamp type) {
    if (type.getTimezone() == null) {
      return ZoneOffset.UTC;
    }
    try {
      return ZoneId.of(type.getTimezone());
    } catch (DateTimeException failure) {
      throw QuiverException.user("timestamp time zone " + SqlText.string(type.getTimezone()) + " is not known");
    }
  }

  private static BigDecimal exactNumber(Object value) {
    Object number = floatNumber(value);
    return number instanceof BigDecimal decimal ? decimal : null;
  }

  /** A BigDecimal, or a Double for NaN and the infinities; null when not a number. */
  private static Object floatNumber(Object value) {
    if (value instanceof BigDecimal decimal) {
      return decimal;
    }
    if (value instanceof Double || value instanceof Float) {
      double number = ((Number) value).doubleValue();
      return Double.isFinite(number) ? new BigDecimal(number) : (Object) number;
    }
    if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return BigDecimal.valueOf(((Number) value).longValue());
    }
    if (value instanceof BigInteger integer) {
      return new BigDecimal(integer);
    }
    if (value instanceof String text) {
      String word = text.strip().toLowerCase(Locale.ROOT);
      switch (word) {
        case "nan":
          return Double.NaN;
        case "infinity", "+infinity", "inf":
          return Double.POSITIVE_INFINITY;
        case "-infinity", "-inf":
          return Double.NEGATIVE_INFINITY;
        default:
          return Lexer.number(word);
      }
    }
    return null;
  }

  private static Boolean bool(Object value) {
    if (value instanceof Boolean flag) {
      return flag;
    }
    if (value instanceof String text) {
      String word = text.strip().toLowerCase(Locale.ROOT);
      return word.equals("true") ? Boolean.TRUE : word.equals("false") ? Boolean.FALSE : null;
    }
    return null;
  }

  private static Object temporal(Object value) {
    if (value instanceof LocalDate || value instanceof LocalDateTime || value instanceof Instant) {
      return value;
    }
    if (value instanceof String text) {
      LocalDate date = TemporalText.parseDate(text);
      return date != null ? date : TemporalText.parseTimestamp(text);
    }
    return null;
  }

  private static String describe(Object value) {
    if (value instanceof String text) {
      return SqlText.string(text);
    }
    if (value instanceof byte[] || value instanceof Boolean || value instanceof LocalDate
        || value instanceof LocalDateTime || value instanceof Instant || value instanceof BigDecimal
        || value instanceof LocalTime) {
      return new Literal(value, ArrowType.Null.INSTANCE).toString();
    }
    return value + " (" + value.getClass().getSimpleName() + ")";
  }

  /** A short SQL-ish name of an Arrow type: int32, float64, decimal(15,2), date32, timestamp(us, UTC)... */
  static String typeName(ArrowType type) {
    return switch (type.getTypeID()) {
      case Int -> "int" + ((ArrowType.Int) type).getBitWidth();
      case FloatingPoint ->
        ((ArrowType.FloatingPoint) type).getPrecision() == org.apache.arrow.vector.types.FloatingPointPrecision.SINGLE
            ? "float32" : "float64";
      case Decimal ->
        "decimal(" + ((ArrowType.Decimal) type).getPrecision() + "," + ((ArrowType.Decimal) type).getScale() + ")";
      case Bool -> "bool";
      case Utf8 -> "utf8";
      case Binary -> "binary";
      case Date -> "date32";
      case Timestamp -> "timestamp(" + ((ArrowType.Timestamp) type).getUnit().name().toLowerCase(Locale.ROOT)
          + (((ArrowType.Timestamp) type).getTimezone() == null ? ""
              : ", " + ((ArrowType.Timestamp) type).getTimezone())
          + ")";
      default -> type.toString();
    };
  }
}
