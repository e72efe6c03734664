package dev.quiver.format.stats;

import dev.quiver.common.stats.ZoneStatistics;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

/** Combines zone statistics into the statistics of a whole column. */
public final class StatisticsMerger {
  private StatisticsMerger() {}

  public static ZoneStatistics merge(StatisticKind kind, List<ZoneStatistics> parts) {
    long rows = 0;
    long nulls = 0;
    Object minimum = null;
    Object maximum = null;
    boolean maximumUnbounded = false;
    boolean truncated = false;
    boolean containsNaN = false;
    Object sum = kind.summable() ? zero(kind) : null;
    boolean anyValue = false;
    for (ZoneStatistics part : parts) {
      rows += part.rowCount();
      nulls += part.nullCount();
      truncated |= part.truncated();
      containsNaN |= part.containsNaN();
      boolean partHasValues = part.rowCount() > part.nullCount();
      if (partHasValues && part.minimum() != null) {
        minimum = minimum == null || compare(kind, part.minimum(), minimum) < 0 ? part.minimum() : minimum;
      }
      if (partHasValues) {
        if (part.maximum() == null && part.minimum() != null) {
          maximumUnbounded = true;
        } else if (part.maximum() != null) {
          maximum = maximum == null || compare(kind, part.maximum(), maximum) > 0 ? part.maximum() : maximum;
        }
        anyValue |= part.minimum() != null || part.containsNaN();
      }
      sum = add(kind, sum, part, partHasValues);
    }
    if (maximumUnbounded) {
      maximum = null;
    }
    if (!anyValue && !containsNaN) {
      sum = null;
    }
    return new ZoneStatistics(rows, nulls, minimum, maximum, truncated, sum, containsNaN);
  }

  private static Object zero(StatisticKind kind) {
    switch (kind) {
      case INTEGER:
        return 0L;
      case FLOAT:
        return 0.0;
      default:
        return BigDecimal.ZERO;
    }
  }

  private static Object add(StatisticKind kind, Object total, ZoneStatistics part, boolean partHasValues) {
    if (total == null || !partHasValues) {
      return total;
    }
    if (part.sum() == null) {
      return null;
    }
    switch (kind) {
      case INTEGER: {
        long left = (Long) total;
        long right = (Long) part.sum();
        long next = left + right;
        return ((left ^ next) & (right ^ next)) < 0 ? null : next;
      }
      case FLOAT:
        return (Double) total + (Double) part.sum();
      default:
        return ((BigDecimal) total).add((BigDecimal) part.sum());
    }
  }

  /** Orders two statistic values of one kind. */
  public static int compare(StatisticKind kind, Object left, Object right) {
    switch (kind) {
      case INTEGER:
        return Long.compare((Long) left, (Long) right);
      case FLOAT:
        return Double.compare((Double) left, (Double) right);
      case BOOLEAN:
        return Boolean.compare((Boolean) left, (Boolean) right);
      case BYTES:
        return Arrays.compareUnsigned((byte[]) left, (byte[]) right);
      case DECIMAL:
        return ((BigDecimal) left).compareTo((BigDecimal) right);
      default:
        throw new IllegalArgumentException("no order for " + kind);
    }
  }
}
