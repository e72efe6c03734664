package dev.quiver.exec.expression;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The text forms of values (CAST to and from VARCHAR): numbers as Java prints them (decimals plain at
 * their scale), dates {@code yyyy-mm-dd}, timestamps {@code yyyy-mm-dd hh:mm:ss[.ffffff]} (wall clock,
 * with the offset for a zoned type), booleans {@code true}/{@code false}. Parsing trims spaces; text
 * that is not a value of the type is a USER error naming it.
 */
final class TextCasts {
  private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
      .append(DateTimeFormatter.ISO_LOCAL_DATE)
      .optionalStart().optionalStart().appendLiteral(' ').optionalEnd().optionalStart().appendLiteral('T')
      .optionalEnd()
      .appendValue(ChronoField.HOUR_OF_DAY, 2).appendLiteral(':').appendValue(ChronoField.MINUTE_OF_HOUR, 2)
      .optionalStart().appendLiteral(':').appendValue(ChronoField.SECOND_OF_MINUTE, 2)
      .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd().optionalEnd()
      .optionalEnd()
      .optionalStart().appendOffset("+HH:MM", "Z").optionalEnd()
      .optionalStart().appendOffset("+HH", "Z").optionalEnd()
      .toFormatter(Locale.ROOT);

  private TextCasts() {}

  static String formatDate(long days) {
    return LocalDate.ofEpochDay(days).toString();
  }

  static String formatTimestamp(long instantMicros, ArrowType type) {
    return dev.quiver.common.arrow.TimestampText.format(instantMicros,
        org.apache.arrow.vector.types.TimeUnit.MICROSECOND, ((ArrowType.Timestamp) type).getTimezone());
  }

  static String formatDouble(double value, boolean single) {
    if (Double.isNaN(value)) {
      return "NaN";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "Infinity" : "-Infinity";
    }
    return single ? Float.toString((float) value) : Double.toString(value);
  }

  static boolean parseBoolean(String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "true", "t", "yes", "y", "1" -> true;
      case "false", "f", "no", "n", "0" -> false;
      default -> throw Errors.badCast(quote(text), ArrowType.Bool.INSTANCE);
    };
  }

  static BigDecimal parseDecimal(String text, ArrowType type) {
    try {
      return new BigDecimal(text.trim());
    } catch (NumberFormatException bad) {
      throw Errors.badCast(quote(text), type);
    }
  }

  /** An integer from text: a number, rounded half away from zero when it has a fraction. */
  static long parseInteger(String text, ArrowType type) {
    String trimmed = text.trim();
    try {
      return Long.parseLong(trimmed);
    } catch (NumberFormatException notPlain) {
      BigDecimal value = parseDecimal(text, type).setScale(0, RoundingMode.HALF_UP);
      if (value.unscaledValue().bitLength() >= 64) {
        throw Errors.badCast(quote(text), type);
      }
      return value.longValue();
    }
  }

  static double parseDouble(String text, ArrowType type) {
    String trimmed = text.trim();
    switch (trimmed.toLowerCase(Locale.ROOT)) {
      case "nan" -> {
        return Double.NaN;
      }
      case "infinity", "inf", "+infinity", "+inf" -> {
        return Double.POSITIVE_INFINITY;
      }
      case "-infinity", "-inf" -> {
        return Double.NEGATIVE_INFINITY;
      }
      default -> {
        try {
          if (trimmed.isEmpty() || !Character.isDigit(trimmed.charAt(trimmed.length() - 1))) {
            throw new NumberFormatException(trimmed);
          }
          return Double.parseDouble(trimmed);
        } catch (NumberFormatException bad) {
          throw Errors.badCast(quote(text), type);
        }
      }
    }
  }

  static long parseDate(String text) {
    try {
      return LocalDate.parse(text.trim()).toEpochDay();
    } catch (DateTimeParseException bad) {
      throw Errors.badCast(quote(text), new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY));
    }
  }

  /** Microseconds since the epoch of a timestamp text; text without an offset is wall clock in the type's zone. */
  @SuppressWarnings("JavaLocalDateTimeGetNano") // seconds from toEpochSecond, the fraction from getNano: intended
  static long parseTimestamp(String text, ArrowType type) {
    try {
      var parsed = TIMESTAMP.parseBest(text.trim(), OffsetDateTime::from, LocalDateTime::from, LocalDate::from);
      if (parsed instanceof OffsetDateTime offset) {
        return offset.toEpochSecond() * Types.MICROS_PER_SECOND + offset.getNano() / 1000;
      }
      LocalDateTime local = parsed instanceof LocalDateTime time ? time : ((LocalDate) parsed).atStartOfDay();
      long wall = local.toEpochSecond(ZoneOffset.UTC) * Types.MICROS_PER_SECOND + local.getNano() / 1000;
      ZoneId zone = Types.zone(type);
      return zone.equals(ZoneOffset.UTC) ? wall : CivilDates.fromWall(zone, wall);
    } catch (DateTimeException bad) {
      throw Errors.badCast(quote(text), type);
    }
  }

  /**
   * A time text {@code h:mm[:ss[.fraction]]} (one or two hour digits, as DuckDB takes; {@code 24:00:00}
   * is the end of the day) in the TIME type's unit since midnight; a finer fraction is dropped.
   */
  static long parseTime(String text, ArrowType type) {
    String trimmed = text.trim();
    long perUnit = Types.nanosPerTimeUnit(type);
    try {
      if (trimmed.equals("24:00:00") || trimmed.equals("24:00")) {
        return Types.MICROS_PER_DAY * 1_000L / perUnit;
      }
      return java.time.LocalTime.parse(trimmed.indexOf(':') == 1 ? "0" + trimmed : trimmed).toNanoOfDay() / perUnit;
    } catch (DateTimeException bad) {
      throw Errors.badCast(quote(text), type);
    }
  }

  static String quote(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
