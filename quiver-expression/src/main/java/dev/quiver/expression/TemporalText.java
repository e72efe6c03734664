package dev.quiver.expression;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/** Reading and writing the text of DATE, TIME and TIMESTAMP constants. */
final class TemporalText {
  private TemporalText() {}

  /** A date {@code yyyy-mm-dd}, or null when the text is not one. */
  static LocalDate parseDate(String text) {
    try {
      return LocalDate.parse(text.strip());
    } catch (DateTimeParseException | ArithmeticException failure) {
      return null;
    }
  }

  /**
   * A timestamp {@code yyyy-mm-dd[( |T)hh:mm[:ss[.fraction]]][Z|+hh:mm]}: a {@link LocalDateTime}
   * without an offset, an {@link Instant} with one; null when the text is not one.
   */
  static Object parseTimestamp(String text) {
    String iso = text.strip().replace(' ', 'T');
    try {
      return LocalDateTime.parse(iso);
    } catch (DateTimeParseException | ArithmeticException failure) {
      // not a wall-clock time; try with an offset, then a bare date
    }
    try {
      return OffsetDateTime.parse(iso).toInstant();
    } catch (DateTimeParseException | ArithmeticException failure) {
      // not a time with an offset either
    }
    LocalDate date = parseDate(text);
    return date == null ? null : date.atStartOfDay();
  }

  /** A time of day {@code hh:mm[:ss[.fraction]]}, or null when the text is not one. */
  static LocalTime parseTime(String text) {
    try {
      return LocalTime.parse(text.strip());
    } catch (DateTimeParseException | ArithmeticException failure) {
      return null;
    }
  }

  /** A time of day as DuckDB prints it. */
  static String formatTime(LocalTime time) {
    return dev.quiver.common.arrow.TimestampText.formatTimeNanos(time.toNanoOfDay());
  }

  /** A {@link LocalDateTime} or {@link Instant} as {@code yyyy-mm-dd hh:mm[:ss[.fraction]][Z]}. */
  static String format(Object timestamp) {
    if (timestamp instanceof Instant instant) {
      return LocalDateTime.ofEpochSecond(instant.getEpochSecond(), instant.getNano(), ZoneOffset.UTC)
          .toString().replace('T', ' ') + "Z";
    }
    return timestamp.toString().replace('T', ' ');
  }
}
