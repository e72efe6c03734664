package dev.quiver.format.encoding;

import java.util.Arrays;

/**
 * The test {@link EncodedIntegers#select} evaluates on each value: {@code lower <= value <= upper}, or
 * membership in a sorted list, turned around when negated (NULL rows are handled by the caller).
 */
final class IntegerPredicate {
  private static final int LINEAR_SEARCH_LIMIT = 8;

  final long lower;
  final long upper;
  /** Sorted distinct members, or null for an interval. */
  final long[] members;
  final boolean negated;

  IntegerPredicate(long lower, long upper, boolean negated, long[] members) {
    this.lower = lower;
    this.upper = upper;
    this.negated = negated;
    if (members == null) {
      this.members = null;
    } else {
      long[] sorted = members.clone();
      Arrays.sort(sorted);
      this.members = sorted;
    }
  }

  /** Whether a row holding {@code value} passes. */
  boolean test(long value) {
    return inside(value) != negated;
  }

  /** The test before negation. */
  boolean inside(long value) {
    if (members == null) {
      return value >= lower && value <= upper;
    }
    if (members.length <= LINEAR_SEARCH_LIMIT) {
      for (long member : members) {
        if (member == value) {
          return true;
        }
      }
      return false;
    }
    return Arrays.binarySearch(members, value) >= 0;
  }
}
