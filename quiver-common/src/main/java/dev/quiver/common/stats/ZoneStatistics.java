package dev.quiver.common.stats;

/**
 * Statistics of one zone (or one column of a whole file).
 *
 * @param rowCount rows in the zone
 * @param nullCount null rows
 * @param minimum smallest non-null value (never NaN), or null when there is none; a lower bound
 * @param maximum largest non-null value (never NaN), or null when there is none; an upper bound
 * @param truncated whether minimum or maximum are shortened strings (bounds, not values)
 * @param sum sum of the non-null values for numbers, or null (overflowed, not numeric, or none)
 * @param containsNaN whether a float value is NaN (excluded from minimum and maximum)
 */
public record ZoneStatistics(
    long rowCount, long nullCount, Object minimum, Object maximum, boolean truncated, Object sum,
    boolean containsNaN) {

  /** Whether every row is null. */
  public boolean allNull() {
    return nullCount == rowCount;
  }
}
