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

  /**
   * A value as SQLite's sqllogictest prints it for its column's type letter: NULL as {@code NULL};
   * {@code I} an integer (a fraction truncated, as SQLite's {@code sqlite3_column_int64}); {@code R}
   * with three decimals, the binary value rounded half-even (C's {@code printf("%.3f")}); {@code T} the
   * text, the empty string as {@code (empty)}, characters outside printable ASCII as {@code @}.
   */
  static String renderAs(char type, Object value) {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof Boolean bool) {
      value = bool ? 1L : 0L;
    }
    return switch (type) {
      case 'I' -> integerText(value);
      case 'R' -> threeDecimals(value);
      default -> printable(value);
    };
  }

  private static String integerText(Object value) {
    if (value instanceof BigDecimal decimal) {
      return decimal.toBigInteger().toString();
    }
    if (value instanceof Double || value instanceof Float) {
      double number = ((Number) value).doubleValue();
      return Double.isNaN(number) ? "0" : Long.toString((long) number);
    }
    if (value instanceof String text) {
      java.util.regex.Matcher leading = java.util.regex.Pattern.compile("^\\s*[-+]?\\d+").matcher(text);
      return leading.find() ? new BigInteger(leading.group().trim().replace("+", "")).toString() : "0";
    }
    return value.toString();
  }

  private static String threeDecimals(Object value) {
    BigDecimal exact;
    boolean negative;
    if (value instanceof BigDecimal decimal) {
      exact = decimal;
      negative = decimal.signum() < 0;
    } else if (value instanceof Number number && !(value instanceof BigInteger)) {
      double real = number.doubleValue();
      if (Double.isNaN(real) || Double.isInfinite(real)) {
        return Double.isNaN(real) ? "nan" : real > 0 ? "inf" : "-inf";
      }
      exact = new BigDecimal(real);
      negative = real < 0 || 1 / real < 0;
    } else if (value instanceof BigInteger integer) {
      exact = new BigDecimal(integer);
      negative = integer.signum() < 0;
    } else {
      java.util.regex.Matcher leading = java.util.regex.Pattern
          .compile("^\\s*[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")
          .matcher(value.toString());
      return threeDecimals(leading.find() ? Double.parseDouble(leading.group().trim()) : 0.0);
    }
    String text = exact.setScale(3, java.math.RoundingMode.HALF_EVEN).toPlainString();
    return negative && !text.startsWith("-") ? "-" + text : text;
  }

  private static String printable(Object value) {
    String text = value instanceof String string ? string : render(value);
    if (text.isEmpty()) {
      return "(empty)";
    }
    StringBuilder printed = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      printed.append(c < 0x20 || c > 0x7e ? '@' : c);
    }
    return printed.toString();
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
