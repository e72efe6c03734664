package dev.quiver.sql.oracle;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Comparator;
import java.util.List;

/**
 * When two normalized values ({@link Values}) are the same answer. The numeric rules tolerate what SQL
 * engines legitimately differ in and nothing else:
 *
 * <ul>
 *   <li>integer vs integer, integer vs decimal, and decimals of equal scale: exact (sums and products
 *       of decimals are exact in SQL, so a difference there is a bug);
 *   <li>decimals of different scales (e.g. the engines derive different result scales for a
 *       division or an average): equal when they differ by at most one unit of the smaller scale;
 *   <li>decimal vs double (DuckDB averages and divides decimals in DOUBLE, a Calcite-based engine in
 *       DECIMAL): equal when they differ by at most one unit of the decimal's scale (rounded or
 *       truncated to that scale, the double read as the shortest decimal that denotes it) or by the
 *       relative tolerance;
 *   <li>double vs double or integer: relative difference at most {@value #RELATIVE} (or absolute
 *       {@value #ABSOLUTE} near zero), NaN equals NaN, infinities equal themselves;
 *   <li>a DATE equals a TIMESTAMP at midnight of that day (DuckDB's {@code date + interval} is a
 *       TIMESTAMP); everything else by {@code equals} within the same kind.
 * </ul>
 */
public final class ValueEquivalence {
  /** Relative tolerance between floating-point results (summation order differs between engines). */
  public static final double RELATIVE = 1e-9;
  /** Absolute tolerance for floating-point results near zero. */
  public static final double ABSOLUTE = 1e-12;

  /** Orders normalized values of any kinds: NULL first, then booleans, numbers, text, dates. */
  public static final Comparator<Object> CANONICAL_ORDER = ValueEquivalence::compareCanonical;

  /** Orders rows value by value with {@link #CANONICAL_ORDER}. */
  public static final Comparator<List<Object>> ROW_ORDER = (left, right) -> {
    for (int i = 0; i < Math.min(left.size(), right.size()); i++) {
      int order = compareCanonical(left.get(i), right.get(i));
      if (order != 0) {
        return order;
      }
    }
    return Integer.compare(left.size(), right.size());
  };

  private ValueEquivalence() {}

  /** Whether {@code expected} and {@code actual} are the same answer under the rules above. */
  public static boolean equivalent(Object expected, Object actual) {
    if (expected == null || actual == null) {
      return expected == actual;
    }
    if (expected instanceof Number && actual instanceof Number) {
      return numbersEquivalent((Number) expected, (Number) actual);
    }
    if (isDateTime(expected) && isDateTime(actual)) {
      return asDateTime(expected).equals(asDateTime(actual));
    }
    return expected.equals(actual);
  }

  /** Whether two rows of equal length are equivalent value by value. */
  public static boolean rowsEquivalent(List<Object> expected, List<Object> actual) {
    if (expected.size() != actual.size()) {
      return false;
    }
    for (int i = 0; i < expected.size(); i++) {
      if (!equivalent(expected.get(i), actual.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean numbersEquivalent(Number expected, Number actual) {
    if (expected instanceof Double || actual instanceof Double) {
      if (expected instanceof BigDecimal) {
        return decimalNearDouble((BigDecimal) expected, actual.doubleValue());
      }
      if (actual instanceof BigDecimal) {
        return decimalNearDouble((BigDecimal) actual, expected.doubleValue());
      }
      return doublesNear(expected.doubleValue(), actual.doubleValue());
    }
    if (expected instanceof Long && actual instanceof Long) {
      return expected.longValue() == actual.longValue();
    }
    BigDecimal left = asDecimal(expected);
    BigDecimal right = asDecimal(actual);
    if (!(expected instanceof BigDecimal && actual instanceof BigDecimal) || left.scale() == right.scale()) {
      return left.compareTo(right) == 0;
    }
    BigDecimal unit = BigDecimal.ONE.movePointLeft(Math.min(left.scale(), right.scale()));
    return left.subtract(right).abs().compareTo(unit) <= 0;
  }

  private static boolean decimalNearDouble(BigDecimal decimal, double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return false;
    }
    if (doublesNear(decimal.doubleValue(), value)) {
      return true;
    }
    // The double as the shortest decimal that reads back as it (0.57, not 0.569999999999999951...): a
    // DOUBLE rounded at a tie one way and an exact decimal the other (round(23 * 1.00 / 40, 2): 0.57
    // against 0.58, TPC-DS Q78) differ by exactly one unit.
    BigDecimal unit = BigDecimal.ONE.movePointLeft(Math.max(decimal.scale(), 0));
    return decimal.subtract(BigDecimal.valueOf(value)).abs().compareTo(unit) <= 0;
  }

  private static boolean doublesNear(double left, double right) {
    if (Double.isNaN(left) || Double.isNaN(right)) {
      return Double.isNaN(left) && Double.isNaN(right);
    }
    if (Double.isInfinite(left) || Double.isInfinite(right)) {
      return left == right;
    }
    double difference = Math.abs(left - right);
    return difference <= ABSOLUTE || difference <= RELATIVE * Math.max(Math.abs(left), Math.abs(right));
  }

  private static BigDecimal asDecimal(Number number) {
    return number instanceof BigDecimal ? (BigDecimal) number : BigDecimal.valueOf(number.longValue());
  }

  private static boolean isDateTime(Object value) {
    return value instanceof LocalDate || value instanceof LocalDateTime;
  }

  private static LocalDateTime asDateTime(Object value) {
    return value instanceof LocalDate ? ((LocalDate) value).atStartOfDay() : (LocalDateTime) value;
  }

  private static int rank(Object value) {
    if (value == null) {
      return 0;
    }
    if (value instanceof Boolean) {
      return 1;
    }
    if (value instanceof Number) {
      return 2;
    }
    if (value instanceof String) {
      return 3;
    }
    if (isDateTime(value)) {
      return 4;
    }
    return 5;
  }

  private static int compareCanonical(Object left, Object right) {
    int rankOrder = Integer.compare(rank(left), rank(right));
    if (rankOrder != 0 || left == null) {
      return rankOrder;
    }
    if (left instanceof Boolean) {
      return Boolean.compare((Boolean) left, (Boolean) right);
    }
    if (left instanceof Number) {
      if (left instanceof Long && right instanceof Long) {
        return Long.compare((Long) left, (Long) right);
      }
      return Double.compare(((Number) left).doubleValue() + 0.0, ((Number) right).doubleValue() + 0.0);
    }
    if (left instanceof String) {
      return ((String) left).compareTo((String) right);
    }
    if (isDateTime(left)) {
      return asDateTime(left).compareTo(asDateTime(right));
    }
    return String.valueOf(left).compareTo(String.valueOf(right));
  }
}
