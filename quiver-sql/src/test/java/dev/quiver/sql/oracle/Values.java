package dev.quiver.sql.oracle;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The normalized forms of result values and how they print. Every engine's values are brought to
 * one Java class per kind so that results compare without knowing where they came from:
 * all integer types to {@code Long} ({@code BigInteger}s that fit, e.g. DuckDB's HUGEINT sums,
 * too; wider ones become {@code BigDecimal}), decimals to {@code BigDecimal} (scale kept),
 * {@code float}/{@code double} to {@code Double}, {@code java.sql.Date} to {@code LocalDate},
 * {@code java.sql.Timestamp} to {@code LocalDateTime}, Arrow {@code Text} and characters to
 * {@code String}.
 */
public final class Values {
  private Values() {}

  /** The normalized form of {@code value}; unknown classes fail so that nothing is compared by accident. */
  public static Object normalize(Object value) {
    if (value == null || value instanceof Long || value instanceof Boolean || value instanceof String
        || value instanceof Double || value instanceof LocalDate || value instanceof LocalDateTime) {
      return value;
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof BigInteger) {
      BigInteger integer = (BigInteger) value;
      return integer.bitLength() < 64 ? (Object) integer.longValueExact() : new BigDecimal(integer);
    }
    if (value instanceof BigDecimal) {
      return value;
    }
    if (value instanceof Float) {
      return ((Float) value).doubleValue();
    }
    if (value instanceof java.sql.Date) {
      return ((java.sql.Date) value).toLocalDate();
    }
    if (value instanceof java.sql.Timestamp) {
      return ((java.sql.Timestamp) value).toLocalDateTime();
    }
    if (value instanceof CharSequence || value instanceof Character) {
      return value.toString();
    }
    throw new IllegalArgumentException("no normalized form for " + value.getClass().getName() + ": " + value);
  }

  /** A normalized row ({@link #normalize} on each value). */
  public static List<Object> normalizeRow(List<?> row) {
    List<Object> normalized = new ArrayList<>(row.size());
    for (Object value : row) {
      normalized.add(normalize(value));
    }
    return normalized;
  }

  /**
   * A value as a mismatch message shows it, its kind visible: {@code NULL}, {@code 42},
   * {@code 3.50} (decimal), {@code 3.5d} (double), {@code 'text'}, {@code DATE 2024-02-29}.
   */
  public static String format(Object value) {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof String) {
      return "'" + ((String) value).replace("'", "''") + "'";
    }
    if (value instanceof Double) {
      return value + "d";
    }
    if (value instanceof BigDecimal) {
      return ((BigDecimal) value).toPlainString();
    }
    if (value instanceof LocalDate) {
      return "DATE " + value;
    }
    if (value instanceof LocalDateTime) {
      return "TIMESTAMP " + value;
    }
    return String.valueOf(value);
  }

  /** A row as {@code (v1, v2, ...)} with {@link #format}. */
  public static String formatRow(List<Object> row) {
    StringBuilder text = new StringBuilder("(");
    for (int i = 0; i < row.size(); i++) {
      if (i > 0) {
        text.append(", ");
      }
      text.append(format(row.get(i)));
    }
    return text.append(')').toString();
  }
}
