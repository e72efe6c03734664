package dev.quiver.sql.slt;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The one text form of a value in a golden file, the same for both engines' Java values: NULL as
 * {@code NULL}, the empty string as {@code (empty)}, booleans {@code true}/{@code false}, decimals with
 * their scale, floats rounded to 9 significant digits in plain notation without trailing zeros
 * ({@code nan}, {@code inf}, {@code -inf}), dates ISO, timestamps {@code yyyy-MM-dd HH:mm:ss} with a
 * fraction only when it is not zero (trailing zeros dropped), timestamps with a time zone in UTC
 * followed by {@code +00}.
 */
final class SltValues {
  private static final MathContext FLOAT_DIGITS = new MathContext(9);
  private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

  private SltValues() {}

  static String render(Object value) {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof String text) {
      return text.isEmpty() ? "(empty)" : text;
    }
    if (value instanceof Boolean || value instanceof Long || value instanceof Integer || value instanceof Short
        || value instanceof Byte || value instanceof BigInteger) {
      return value.toString();
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    if (value instanceof Double number) {
      return renderFloat(number, null);
    }
    if (value instanceof Float number) {
      return renderFloat(number.doubleValue(), Float.toString(number));
    }
    if (value instanceof LocalDate date) {
      return date.toString();
    }
    if (value instanceof LocalDateTime timestamp) {
      return timestamp(timestamp);
    }
    if (value instanceof Instant instant) {
      return timestamp(LocalDateTime.ofInstant(instant, ZoneOffset.UTC)) + "+00";
    }
    if (value instanceof OffsetDateTime timestamp) {
      return timestamp(timestamp.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime()) + "+00";
    }
    if (value instanceof LocalTime time) {
      return time(time);
    }
    return value.toString();
  }

  private static String renderFloat(double number, String shortest) {
    if (Double.isNaN(number)) {
      return "nan";
    }
    if (Double.isInfinite(number)) {
      return number > 0 ? "inf" : "-inf";
    }
    BigDecimal exact = shortest == null ? new BigDecimal(number) : new BigDecimal(shortest);
    BigDecimal rounded = exact.round(FLOAT_DIGITS).stripTrailingZeros();
    if (rounded.signum() == 0) {
      return "0";
    }
    return rounded.toPlainString();
  }

  private static String timestamp(LocalDateTime timestamp) {
    return SECONDS.format(timestamp) + fraction(timestamp.getNano());
  }

  private static String time(LocalTime time) {
    return String.format("%02d:%02d:%02d", time.getHour(), time.getMinute(), time.getSecond())
        + fraction(time.getNano());
  }

  private static String fraction(int nanos) {
    if (nanos == 0) {
      return "";
    }
    String digits = String.format("%09d", nanos);
    int end = digits.length();
    while (digits.charAt(end - 1) == '0') {
      end--;
    }
    return "." + digits.substring(0, end);
  }
}
