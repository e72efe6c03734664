package dev.quiver.bench.scan.quiver;

import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.Layout;
import dev.quiver.format.layout.ZonedLayout;
import dev.quiver.common.stats.ZoneStatistics;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The row ranges of a file that the zone maps cannot rule out for a conjunction of
 * {@link ZonePredicate}s: per predicate, the zones whose minimum and maximum admit a match (an
 * all-null zone admits none), merged into ranges; then the ranges of all predicates intersected.
 */
final class ZonePruning {
  /** Rows {@code [start, end)}. */
  record RowRange(long start, long end) {
    long rows() {
      return end - start;
    }
  }

  /** The ranges left, and how many zones the predicates ruled out in all. */
  record Plan(List<RowRange> ranges, long zonesSkipped) {}

  private ZonePruning() {}

  static Plan plan(QuiverFile file, List<ZonePredicate> predicates) {
    List<RowRange> ranges = List.of(new RowRange(0, file.rowCount()));
    long skipped = 0;
    for (ZonePredicate predicate : predicates) {
      Layout node = file.layout().children().get(file.columnIndex(predicate.column()));
      if (!(node instanceof ZonedLayout)) {
        continue;
      }
      ZonedLayout zoned = (ZonedLayout) node;
      List<RowRange> kept = new ArrayList<>();
      List<ZoneStatistics> zones = zoned.zones().zones();
      long start = 0;
      for (ZoneStatistics zone : zones) {
        long end = start + zone.rowCount();
        if (admits(zone, predicate)) {
          if (!kept.isEmpty() && kept.get(kept.size() - 1).end() == start) {
            kept.set(kept.size() - 1, new RowRange(kept.get(kept.size() - 1).start(), end));
          } else {
            kept.add(new RowRange(start, end));
          }
        } else {
          skipped++;
        }
        start = end;
      }
      ranges = intersect(ranges, kept);
    }
    return new Plan(ranges, skipped);
  }

  static boolean admits(ZoneStatistics zone, ZonePredicate predicate) {
    if (zone.allNull()) {
      return false;
    }
    if (zone.minimum() == null || zone.maximum() == null) {
      return true;
    }
    if (predicate instanceof ZonePredicate.Equals) {
      Object value = ((ZonePredicate.Equals) predicate).value();
      return compare(value, zone.minimum()) >= 0 && compare(value, zone.maximum()) <= 0;
    }
    ZonePredicate.Range range = (ZonePredicate.Range) predicate;
    if (range.low() != null) {
      int order = compare(zone.maximum(), range.low());
      if (order < 0 || order == 0 && !range.lowInclusive()) {
        return false;
      }
    }
    if (range.high() != null) {
      int order = compare(zone.minimum(), range.high());
      return order < 0 || order == 0 && range.highInclusive();
    }
    return true;
  }

  static int compare(Object a, Object b) {
    if (a instanceof byte[] && b instanceof byte[]) {
      return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
    }
    if (a instanceof Long && b instanceof Long) {
      return Long.compare((Long) a, (Long) b);
    }
    if (a instanceof Number && b instanceof Number) {
      return new BigDecimal(a.toString()).compareTo(new BigDecimal(b.toString()));
    }
    throw new IllegalArgumentException("cannot compare " + a.getClass().getSimpleName() + " with " + b.getClass().getSimpleName());
  }

  static List<RowRange> intersect(List<RowRange> left, List<RowRange> right) {
    List<RowRange> result = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < left.size() && j < right.size()) {
      long start = Math.max(left.get(i).start(), right.get(j).start());
      long end = Math.min(left.get(i).end(), right.get(j).end());
      if (start < end) {
        result.add(new RowRange(start, end));
      }
      if (left.get(i).end() < right.get(j).end()) {
        i++;
      } else {
        j++;
      }
    }
    return result;
  }

  /** Splits smaller than this are not worth a thread of their own (they would share their chunks). */
  static final long MIN_SPLIT_ROWS = 65_536;

  /**
   * Cuts {@code ranges} into at most {@code threads} lists of about equal rows, in row order, none
   * under {@link #MIN_SPLIT_ROWS} rows unless there is only one.
   */
  static List<List<RowRange>> splitForThreads(List<RowRange> ranges, int threads) {
    long total = ranges.stream().mapToLong(RowRange::rows).sum();
    return split(ranges, (int) Math.max(1, Math.min(threads, total / MIN_SPLIT_ROWS)));
  }

  /** Cuts {@code ranges} into {@code parts} lists of about equal rows, in row order. */
  static List<List<RowRange>> split(List<RowRange> ranges, int parts) {
    long total = ranges.stream().mapToLong(RowRange::rows).sum();
    List<List<RowRange>> result = new ArrayList<>();
    long share = Math.max(1, (total + parts - 1) / parts);
    List<RowRange> part = new ArrayList<>();
    long inPart = 0;
    for (RowRange range : ranges) {
      long start = range.start();
      while (start < range.end()) {
        long take = Math.min(range.end() - start, share - inPart);
        part.add(new RowRange(start, start + take));
        inPart += take;
        start += take;
        if (inPart == share) {
          result.add(part);
          part = new ArrayList<>();
          inPart = 0;
        }
      }
    }
    if (!part.isEmpty()) {
      result.add(part);
    }
    return result;
  }
}
