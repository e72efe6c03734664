package dev.quiver.cli;

import dev.quiver.io.csv.CsvFormat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Statistic values ({@link dev.quiver.common.stats.ZoneStatistics} minimum, maximum, sum) as text in
 * the CSV dialect of the column's type: dates ISO, timestamps as instants (with zone) or local
 * date-times, decimals plain, strings as they are, binary as {@code \x} hex.
 */
final class StatisticText {
  private StatisticText() {}

  /** The text of {@code value} (a Long, Double, Boolean, byte[] or BigDecimal), or {@code -} for none. */
  static String of(Object value, ArrowType type) {
    if (value == null) {
      return "-";
    }
    if (value instanceof Long) {
      return integer((Long) value, type);
    }
    if (value instanceof Double) {
      double number = (Double) value;
      boolean single = type instanceof ArrowType.FloatingPoint
          && ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.SINGLE;
      return single ? Float.toString((float) number) : Double.toString(number);
    }
    if (value instanceof BigDecimal) {
      return ((BigDecimal) value).toPlainString();
    }
    if (value instanceof byte[]) {
      byte[] bytes = (byte[]) value;
      return type instanceof ArrowType.Utf8 ? new String(bytes, StandardCharsets.UTF_8) : CsvFormat.binaryText(bytes);
    }
    return value.toString();
  }

  /** Like {@link #of}, but cut to {@code limit} characters with a trailing ellipsis. */
  static String shortened(Object value, ArrowType type, int limit) {
    String text = of(value, type);
    return text.length() <= limit ? text : text.substring(0, limit - 1) + "…";
  }

  private static String integer(long value, ArrowType type) {
    if (type instanceof ArrowType.Date) {
      return LocalDate.ofEpochDay(value).toString();
    }
    if (type instanceof ArrowType.Timestamp) {
      ArrowType.Timestamp timestamp = (ArrowType.Timestamp) type;
      long perSecond = perSecond(timestamp.getUnit());
      long seconds = Math.floorDiv(value, perSecond);
      long nanos = Math.floorMod(value, perSecond) * (1_000_000_000L / perSecond);
      return timestamp.getTimezone() != null
          ? Instant.ofEpochSecond(seconds, nanos).toString()
          : LocalDateTime.ofEpochSecond(seconds, (int) nanos, ZoneOffset.UTC).toString();
    }
    return Long.toString(value);
  }

  private static long perSecond(TimeUnit unit) {
    switch (unit) {
      case SECOND:
        return 1;
      case MILLISECOND:
        return 1_000;
      case MICROSECOND:
        return 1_000_000;
      default:
        return 1_000_000_000;
    }
  }
}
