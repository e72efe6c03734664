package dev.quiver.common.stats;

/**
 * An upper bound on the distinct non-null values of a column from its zone statistics: per zone, at
 * most its non-null rows and, for whole numbers (dates and times too, as they are stored), at most the
 * values between its minimum and maximum; summed over the zones, and at most the values between the
 * smallest minimum and the largest maximum. For clustered data (TPC-H's {@code l_orderkey}: 6,001,215
 * rows with keys 1..6,000,000, four rows a key) the zones' ranges give a bound near the true count
 * (1,500,000), where the column's rows or its whole range would say 6,000,000; for scattered data
 * ({@code l_partkey}) the whole range does (200,000). Used by the planner to estimate joins; never
 * exact, never below the true count. Not thread-safe.
 */
public final class DistinctBounds {
  private long sum;
  private boolean whole = true;
  private long minimum = Long.MAX_VALUE;
  private long maximum = Long.MIN_VALUE;

  /** Adds one zone. */
  public DistinctBounds add(ZoneStatistics zone) {
    sum = saturatedAdd(sum, ofZone(zone));
    if (zone.rowCount() > zone.nullCount()) {
      if (!zone.truncated() && isWhole(zone.minimum()) && isWhole(zone.maximum())) {
        minimum = Math.min(minimum, ((Number) zone.minimum()).longValue());
        maximum = Math.max(maximum, ((Number) zone.maximum()).longValue());
      } else {
        whole = false;
      }
    }
    return this;
  }

  /** Adds {@code rows} rows of which nothing is known. */
  public DistinctBounds addUnknown(long rows) {
    sum = saturatedAdd(sum, Math.max(0, rows));
    whole = false;
    return this;
  }

  /** The bound over the zones added so far. */
  public long bound() {
    if (whole && maximum >= minimum) {
      double range = (double) maximum - minimum + 1;
      if (range < sum) {
        return Math.max(1, (long) range);
      }
    }
    return sum;
  }

  /** The bound for one zone: its non-null rows, capped by the values its bounds allow. */
  public static long ofZone(ZoneStatistics zone) {
    long values = Math.max(0, zone.rowCount() - zone.nullCount());
    if (values == 0 || zone.truncated() || !isWhole(zone.minimum()) || !isWhole(zone.maximum())) {
      return values;
    }
    double range = (double) ((Number) zone.maximum()).longValue() - ((Number) zone.minimum()).longValue() + 1;
    return range >= values ? values : Math.max(1, (long) range);
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  /** Whole numbers only: a decimal statistic's scale need not be its column's, floats have no count. */
  private static boolean isWhole(Object value) {
    return value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte;
  }
}
