package dev.quiver.expression.filter;

import dev.quiver.common.stats.ZoneStatistics;
import java.util.Comparator;
import java.util.List;

/**
 * Interval and IN-list reasoning over a zone's bounds, for any ordered value type. The zone's values
 * lie in {@code [zoneMinimum, zoneMaximum]} (a null end is unknown); when {@code exactBounds} the ends
 * are values of the zone, else only bounds (truncated strings).
 */
final class RangePruning {
  private RangePruning() {}

  /** One end of a tested interval: a null value is open. */
  record End<T>(T value, boolean inclusive) {}

  /** Whether no row can pass: an empty zone or a zone of nulls only. */
  static boolean nothing(ZoneStatistics statistics) {
    return statistics.rowCount() == 0 || statistics.nullCount() >= statistics.rowCount();
  }

  /** {@code lower <= value <= upper} (ends as given), or its negation, over the zone. */
  static <T> Truth interval(ZoneStatistics statistics, T zoneMinimum, T zoneMaximum, Comparator<T> order,
      End<T> lower, End<T> upper, boolean negated) {
    if (nothing(statistics)) {
      return Truth.FALSE;
    }
    boolean empty = lower.value() != null && upper.value() != null
        && fails(order.compare(lower.value(), upper.value()), lower.inclusive() && upper.inclusive());
    boolean disjoint = empty
        || (zoneMaximum != null && lower.value() != null
            && fails(order.compare(lower.value(), zoneMaximum), lower.inclusive()))
        || (zoneMinimum != null && upper.value() != null
            && fails(order.compare(zoneMinimum, upper.value()), upper.inclusive()));
    boolean contained = !empty
        && (lower.value() == null
            || (zoneMinimum != null && !fails(order.compare(lower.value(), zoneMinimum), lower.inclusive())))
        && (upper.value() == null
            || (zoneMaximum != null && !fails(order.compare(zoneMaximum, upper.value()), upper.inclusive())));
    return decide(statistics, disjoint, contained, negated);
  }

  /** Whether {@code a <= b} (inclusive) or {@code a < b} fails, given {@code comparison = compare(a, b)}. */
  private static boolean fails(int comparison, boolean inclusive) {
    return comparison > 0 || (comparison == 0 && !inclusive);
  }

  /** {@code value IN (members)}, or its negation, over the zone. */
  static <T> Truth members(ZoneStatistics statistics, T zoneMinimum, T zoneMaximum, boolean exactBounds,
      Comparator<T> order, List<T> members, boolean negated) {
    if (nothing(statistics)) {
      return Truth.FALSE;
    }
    boolean anyInside = false;
    boolean single = exactBounds && zoneMinimum != null && zoneMaximum != null
        && order.compare(zoneMinimum, zoneMaximum) == 0;
    boolean singleIsMember = false;
    for (T member : members) {
      anyInside |= (zoneMinimum == null || order.compare(member, zoneMinimum) >= 0)
          && (zoneMaximum == null || order.compare(member, zoneMaximum) <= 0);
      singleIsMember |= single && order.compare(member, zoneMinimum) == 0;
    }
    return decide(statistics, !anyInside, singleIsMember, negated);
  }

  /** From "no value passes the test" and "every value passes" to the truth of the (negated) test. */
  private static Truth decide(ZoneStatistics statistics, boolean nonePass, boolean allPass, boolean negated) {
    boolean noNulls = statistics.nullCount() == 0;
    if (negated) {
      return allPass ? Truth.FALSE : nonePass && noNulls ? Truth.TRUE : Truth.UNKNOWN;
    }
    return nonePass ? Truth.FALSE : allPass && noNulls ? Truth.TRUE : Truth.UNKNOWN;
  }
}
