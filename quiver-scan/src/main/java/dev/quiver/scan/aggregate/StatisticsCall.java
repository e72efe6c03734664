package dev.quiver.scan.aggregate;

import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One aggregate of a query without GROUP BY that zone statistics can answer: {@code COUNT(*)},
 * {@code COUNT(column)} of any type, {@code MIN}/{@code MAX} of signed integers, dates, times,
 * timestamps and 128-bit decimals, {@code SUM} of signed integers and 128-bit decimals. Floats are
 * left out on purpose (a float sum depends on the order of its additions, so statistics would not
 * give the normal path's bits), and so are strings (their statistics may be truncated).
 *
 * @param function the aggregate
 * @param column the argument's column name; null for {@link Function#COUNT_ROWS}
 */
public record StatisticsCall(Function function, String column) {
  /** The aggregates answered from statistics. */
  public enum Function {
    /** {@code COUNT(*)}: rows. */
    COUNT_ROWS,
    /** {@code COUNT(x)}: non-null values. */
    COUNT,
    MIN,
    MAX,
    /** Exact sum of the non-null values; NULL when there are none. */
    SUM
  }

  public StatisticsCall {
    Objects.requireNonNull(function, "function");
    if ((function == Function.COUNT_ROWS) != (column == null)) {
      throw new IllegalArgumentException(function + " with column " + column);
    }
  }

  /** Whether {@code function} over a column of {@code type} can be answered (null type: COUNT(*)). */
  public static boolean supports(Function function, ArrowType type) {
    switch (function) {
      case COUNT_ROWS:
      case COUNT:
        return true;
      case MIN:
      case MAX:
        return isInteger(type) || isDecimal(type) || type instanceof ArrowType.Date || type instanceof ArrowType.Time
            || type instanceof ArrowType.Timestamp;
      case SUM:
        return isInteger(type) || isDecimal(type);
      default:
        return false;
    }
  }

  private static boolean isInteger(ArrowType type) {
    return type instanceof ArrowType.Int integer && integer.getIsSigned();
  }

  private static boolean isDecimal(ArrowType type) {
    return type instanceof ArrowType.Decimal decimal && decimal.getBitWidth() == 128;
  }

  @Override
  public String toString() {
    return function.name().toLowerCase(java.util.Locale.ROOT).replace("count_rows", "count") + "("
        + (column == null ? "*" : column) + ")";
  }
}
