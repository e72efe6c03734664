package dev.quiver.expression.filter;

import java.util.Arrays;

/**
 * One condition of a filter as raw long keys ({@link FilterEvaluator#rawIntervals}): a non-null row
 * of {@code column} passes when its key lies in {@code [lower, upper]} (or equals a member when
 * {@link #members} is not null) XOR {@code negated}; NULL rows never pass. Keys are the column's raw
 * values: integers, dates in days, timestamps in their unit, decimals of up to 18 digits as unscaled
 * values at the column's scale. Bounds are those {@code KeyFilter} evaluates (clamped to the long
 * range: an empty interval has {@code lower > upper}).
 */
public final class RawInterval {
  private final String column;
  private final long lower;
  private final long upper;
  private final long[] members;
  private final boolean negated;

  RawInterval(String column, long lower, long upper, long[] members, boolean negated) {
    this.column = column;
    this.lower = lower;
    this.upper = upper;
    this.members = members == null ? null : members.clone();
    this.negated = negated;
  }

  /** The column tested. */
  public String column() {
    return column;
  }

  /** The inclusive lower key (meaningless with members). */
  public long lower() {
    return lower;
  }

  /** The inclusive upper key (meaningless with members). */
  public long upper() {
    return upper;
  }

  /** The IN list's keys, sorted (a copy), or null for an interval. */
  public long[] members() {
    return members == null ? null : members.clone();
  }

  /** Whether rows pass when the test fails (NULL rows still never pass). */
  public boolean negated() {
    return negated;
  }

  @Override
  public String toString() {
    return (negated ? "NOT " : "") + column + (members == null ? " in [" + lower + ", " + upper + "]"
        : " IN " + Arrays.toString(members));
  }
}
