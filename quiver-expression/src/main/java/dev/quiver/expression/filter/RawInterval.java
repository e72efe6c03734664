package dev.quiver.expression.filter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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

  /**
   * The same conditions with every column's intervals that are neither negated nor IN lists
   * intersected into one (in the place of the first), the others kept as they are, in order.
   */
  static List<RawInterval> intersectPlain(List<RawInterval> conditions) {
    List<RawInterval> merged = new ArrayList<>();
    Map<String, Integer> plainAt = new HashMap<>();
    for (RawInterval condition : conditions) {
      if (condition.negated || condition.members != null) {
        merged.add(condition);
        continue;
      }
      Integer at = plainAt.get(condition.column);
      if (at == null) {
        plainAt.put(condition.column, merged.size());
        merged.add(condition);
      } else {
        RawInterval previous = merged.get(at);
        merged.set(at, new RawInterval(condition.column, Math.max(previous.lower, condition.lower),
            Math.min(previous.upper, condition.upper), null, false));
      }
    }
    return List.copyOf(merged);
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
