package dev.quiver.sql.planner;

import dev.quiver.sql.SqlException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/** Calcite's literal values (BigDecimal, NlsString, DateString, ...) as the Java values of Quiver's {@code Literal}. */
final class LiteralValues {
  /** A timestamp text with an offset: {@code 2024-01-01 10:00:00+02}, {@code ...-05:30}. */
  private static final java.util.regex.Pattern ZONED_TEXT = java.util.regex.Pattern.compile(
      "(\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?)\\s*([+-]\\d{2}):?(\\d{2})?");

  private LiteralValues() {}

  /**
   * A literal's value with nothing lost: a timestamp's as its {@code TimestampString} (its time of day
   * and fraction to the nanosecond; {@code getValue()} would give a Calendar of milliseconds), a
   * date's as its {@code DateString}, the others as {@code getValue()} gives them.
   */
  static Object valueOf(org.apache.calcite.rex.RexLiteral literal) {
    switch (literal.getType().getSqlTypeName()) {
      case TIMESTAMP:
        return literal.getValueAs(TimestampString.class);
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE: {
        // Calcite keeps the instant in UTC: an Instant, whatever zone the session shows it in
        TimestampString utc = literal.getValueAs(TimestampString.class);
        return utc == null ? null : LocalDateTime.parse(utc.toString().replace(' ', 'T')).toInstant(
            java.time.ZoneOffset.UTC);
      }
      case DATE:
        return literal.getValueAs(DateString.class);
      case TIME:
        return literal.getValueAs(TimeString.class);
      default:
        return literal.getValue();
    }
  }

  static Object of(Object value, ArrowType type) {
    if (value == null) {
      return null;
    }
    Object plain = plain(value);
    switch (type.getTypeID()) {
      case Int:
      case Decimal:
      case FloatingPoint:
        if (plain instanceof BigDecimal number) {
          return number;
        }
        if (plain instanceof Number number) {
          return new BigDecimal(number.toString());
        }
        if (plain instanceof String text) {
          try {
            return new BigDecimal(text.trim());
          } catch (NumberFormatException notANumber) {
            throw SqlException.about(text, "'" + text + "' is not a number");
          }
        }
        break;
      case Utf8:
        if (plain instanceof LocalTime time) {
          return dev.quiver.common.arrow.TimestampText.formatTimeNanos(time.toNanoOfDay());
        }
        if (plain instanceof LocalDateTime time) {
          // as the engine's CAST of a timestamp column to text prints it (DuckDB's form)
          return dev.quiver.common.arrow.TimestampText.formatWall(
              time.toEpochSecond(java.time.ZoneOffset.UTC), time.getNano());
        }
        if (plain instanceof java.time.Instant instant) {
          // a TIMESTAMPTZ: in the session's time zone with its offset, as the engine prints one
          return dev.quiver.common.arrow.TimestampText.format(instant.getEpochSecond() * 1_000_000L
              + instant.getNano() / 1_000, org.apache.arrow.vector.types.TimeUnit.MICROSECOND, DateCalls.sessionZone());
        }
        return plain.toString();
      case Bool:
        if (plain instanceof Boolean) {
          return plain;
        }
        break;
      case Date:
        if (plain instanceof LocalDate) {
          return plain;
        }
        if (plain instanceof String text) {
          try {
            return LocalDate.parse(text.trim());
          } catch (DateTimeParseException notADate) {
            throw SqlException.about(text, "'" + text + "' is not a date (YYYY-MM-DD)");
          }
        }
        if (plain instanceof LocalDateTime time) {
          return time.toLocalDate();
        }
        break;
      case Timestamp:
        if (plain instanceof LocalDateTime || plain instanceof java.time.Instant) {
          return plain;
        }
        if (plain instanceof LocalDate date) {
          return date.atStartOfDay();
        }
        if (plain instanceof String text) {
          java.util.regex.Matcher offset = ZONED_TEXT.matcher(text.trim());
          try {
            if (((ArrowType.Timestamp) type).getTimezone() != null && offset.matches()) {
              // '2024-01-01 10:00:00+02' as a TIMESTAMPTZ: that instant
              int hours = Integer.parseInt(offset.group(2));
              int minutes = offset.group(3) == null ? 0 : Integer.parseInt(offset.group(3));
              return LocalDateTime.parse(offset.group(1).replace(' ', 'T')).toInstant(
                  java.time.ZoneOffset.ofHoursMinutes(hours, hours < 0 ? -minutes : minutes));
            }
            return LocalDateTime.parse(text.trim().replace(' ', 'T'));
          } catch (DateTimeParseException notATime) {
            throw SqlException.about(text, "'" + text + "' is not a timestamp");
          }
        }
        break;
      case Time:
        if (plain instanceof LocalTime) {
          return plain;
        }
        if (plain instanceof String text) {
          try {
            return LocalTime.parse(text.trim());
          } catch (DateTimeParseException notATime) {
            throw SqlException.about(text, "'" + text + "' is not a time (HH:MM:SS)");
          }
        }
        if (plain instanceof LocalDateTime time) {
          return time.toLocalTime();
        }
        break;
      case Binary:
        if (plain instanceof byte[]) {
          return plain;
        }
        break;
      default:
        break;
    }
    throw SqlException.about(String.valueOf(plain), "the literal " + plain + " cannot be a value of type " + type);
  }

  private static Object plain(Object value) {
    if (value instanceof NlsString text) {
      return text.getValue();
    }
    if (value instanceof DateString date) {
      return LocalDate.parse(date.toString());
    }
    if (value instanceof TimeString time) {
      return LocalTime.parse(time.toString());
    }
    if (value instanceof TimestampString timestamp) {
      return LocalDateTime.parse(timestamp.toString().replace(' ', 'T'));
    }
    if (value instanceof org.apache.calcite.avatica.util.ByteString bytes) {
      return bytes.getBytes();
    }
    if (value instanceof java.util.Calendar calendar) {
      return LocalDateTime.ofEpochSecond(Math.floorDiv(calendar.getTimeInMillis(), 1000L),
          (int) Math.floorMod(calendar.getTimeInMillis(), 1000L) * 1_000_000, java.time.ZoneOffset.UTC);
    }
    return value;
  }
}
