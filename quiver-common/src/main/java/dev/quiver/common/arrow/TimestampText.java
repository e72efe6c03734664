package dev.quiver.common.arrow;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * Timestamps as text, the way DuckDB prints them (one function for every output: the CLI's tables,
 * CSV and JSON, COPY to CSV, CAST to VARCHAR): {@code 2024-01-01 10:30:00}, the fraction of a second
 * only when it is not zero and without trailing zeros ({@code 10:30:00.5}, {@code 10:30:00.123456},
 * nanoseconds to nine digits). A timestamp with a zone prints its wall clock in that zone followed by
 * the offset in hours ({@code +00}, {@code +01}), with minutes only when they are not zero ({@code +05:30}).
 * A TIME prints as the time of day of a timestamp ({@link #formatTime}).
 */
public final class TimestampText {
  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private TimestampText() {}

  /** The text of {@code value}, counted in {@code unit} since 1970-01-01T00:00 (UTC for a zone). */
  public static String format(long value, TimeUnit unit, String zone) {
    long perSecond = switch (unit) {
      case SECOND -> 1L;
      case MILLISECOND -> 1_000L;
      case MICROSECOND -> 1_000_000L;
      case NANOSECOND -> NANOS_PER_SECOND;
    };
    long seconds = Math.floorDiv(value, perSecond);
    long nanos = Math.floorMod(value, perSecond) * (NANOS_PER_SECOND / perSecond);
    int offsetSeconds = 0;
    if (zone != null) {
      ZoneId id = ZoneId.of(zone);
      offsetSeconds = id.getRules().getOffset(Instant.ofEpochSecond(seconds)).getTotalSeconds();
    }
    StringBuilder text = new StringBuilder(32);
    appendWall(text, seconds + offsetSeconds, nanos);
    if (zone != null) {
      appendOffset(text, offsetSeconds);
    }
    return text.toString();
  }

  /** The text of a wall-clock time: seconds since 1970-01-01 00:00 and nanoseconds into the second. */
  public static String formatWall(long seconds, long nanos) {
    StringBuilder text = new StringBuilder(32);
    appendWall(text, seconds, nanos);
    return text.toString();
  }

  /**
   * The text of a TIME as DuckDB prints it: {@code 10:11:12}, {@code 10:11:12.5}, {@code 24:00:00}.
   *
   * @param micros microseconds since midnight (0 to 86,400,000,000)
   */
  public static String formatTime(long micros) {
    return formatTimeNanos(Math.multiplyExact(micros, 1_000L));
  }

  /** {@link #formatTime} of a time of day in nanoseconds since midnight (up to nine fraction digits). */
  public static String formatTimeNanos(long nanos) {
    StringBuilder text = new StringBuilder(20);
    appendTimeOfDay(text, Math.floorDiv(nanos, NANOS_PER_SECOND), Math.floorMod(nanos, NANOS_PER_SECOND));
    return text.toString();
  }

  private static void appendWall(StringBuilder text, long seconds, long nanos) {
    long days = Math.floorDiv(seconds, 86_400L);
    long secondOfDay = Math.floorMod(seconds, 86_400L);
    text.append(LocalDate.ofEpochDay(days)).append(' ');
    appendTimeOfDay(text, secondOfDay, nanos);
  }

  private static void appendTimeOfDay(StringBuilder text, long secondOfDay, long nanos) {
    two(text, secondOfDay / 3600).append(':');
    two(text, secondOfDay / 60 % 60).append(':');
    two(text, secondOfDay % 60);
    if (nanos != 0) {
      String digits = String.valueOf(nanos + NANOS_PER_SECOND).substring(1);
      int end = digits.length();
      while (digits.charAt(end - 1) == '0') {
        end--;
      }
      text.append('.').append(digits, 0, end);
    }
  }

  private static void appendOffset(StringBuilder text, int offsetSeconds) {
    int magnitude = Math.abs(offsetSeconds);
    text.append(offsetSeconds < 0 ? '-' : '+');
    two(text, magnitude / 3600);
    if (magnitude % 3600 != 0) {
      text.append(':');
      two(text, magnitude / 60 % 60);
    }
  }

  private static StringBuilder two(StringBuilder text, long value) {
    return text.append(value < 10 ? "0" : "").append(value);
  }
}
