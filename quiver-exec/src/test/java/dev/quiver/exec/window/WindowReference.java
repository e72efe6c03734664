package dev.quiver.exec.window;

import dev.quiver.exec.plan.SortKey;
import dev.quiver.exec.plan.WindowCall;
import dev.quiver.exec.plan.WindowFrame;
import dev.quiver.exec.plan.WindowFrame.Bound;
import dev.quiver.exec.plan.WindowFunction;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The window functions computed the obvious way, for tests: rows sorted by partition then order keys,
 * each row's frame found by testing every row of its partition (O(n²)), each function read off the
 * frame's rows. Rows are {@code Object[]} of Long, Double, String or null; column 0 is a unique id.
 */
final class WindowReference {
  private WindowReference() {}

  /** Per id, the calls' values. */
  static Map<Long, List<Object>> evaluate(List<Object[]> rows, List<Integer> partitionKeys, List<SortKey> orderKeys,
      List<WindowCall> calls) {
    List<Object[]> sorted = new ArrayList<>(rows);
    Comparator<Object[]> order = (a, b) -> 0;
    for (int key : partitionKeys) {
      order = order.thenComparing((a, b) -> compare(a[key], b[key], true, false));
    }
    for (SortKey key : orderKeys) {
      order = order.thenComparing((a, b) -> compare(a[key.column()], b[key.column()], key.ascending(),
          key.nullsFirst()));
    }
    sorted.sort(order);
    Map<Long, List<Object>> answers = new HashMap<>();
    int from = 0;
    while (from < sorted.size()) {
      int to = from + 1;
      while (to < sorted.size() && samePartition(sorted.get(from), sorted.get(to), partitionKeys)) {
        to++;
      }
      List<Object[]> partition = sorted.subList(from, to);
      for (int row = 0; row < partition.size(); row++) {
        List<Object> values = new ArrayList<>();
        for (WindowCall call : calls) {
          values.add(call(call, partition, row, orderKeys));
        }
        answers.put((Long) partition.get(row)[0], values);
      }
      from = to;
    }
    return answers;
  }

  private static boolean samePartition(Object[] a, Object[] b, List<Integer> keys) {
    for (int key : keys) {
      if (!Objects.equals(a[key], b[key])) {
        return false;
      }
    }
    return true;
  }

  @SuppressWarnings("unchecked")
  static int compare(Object a, Object b, boolean ascending, boolean nullsFirst) {
    if (a == null || b == null) {
      return a == b ? 0 : (a == null) == nullsFirst ? -1 : 1;
    }
    int compared = ((Comparable<Object>) a).compareTo(b);
    return ascending ? compared : -compared;
  }

  private static boolean peers(Object[] a, Object[] b, List<SortKey> orderKeys) {
    for (SortKey key : orderKeys) {
      if (!Objects.equals(a[key.column()], b[key.column()])) {
        return false;
      }
    }
    return true;
  }

  private static Object call(WindowCall call, List<Object[]> partition, int row, List<SortKey> orderKeys) {
    int n = partition.size();
    Object[] current = partition.get(row);
    int peersBefore = 0;
    int peersUpTo = 0;
    int groupsBefore = 0;
    for (int r = 0; r < n; r++) {
      boolean peer = peers(partition.get(r), current, orderKeys);
      if (r < row && !peer) {
        peersBefore = r + 1;
      }
      if (r <= row || peer) {
        peersUpTo = Math.max(peersUpTo, peer || r <= row ? r + 1 : peersUpTo);
      }
      if (r > 0 && r <= row && !peers(partition.get(r - 1), partition.get(r), orderKeys)) {
        groupsBefore++;
      }
    }
    switch (call.function()) {
      case ROW_NUMBER:
        return (long) row + 1;
      case RANK:
        return (long) peersBefore + 1;
      case DENSE_RANK:
        return (long) groupsBefore + 1;
      case PERCENT_RANK:
        return n == 1 ? 0.0 : (double) peersBefore / (n - 1);
      case CUME_DIST:
        return (double) peersUpTo / n;
      case NTILE: {
        long buckets = call.offset();
        long[] sizes = new long[(int) buckets];
        for (int b = 0; b < buckets; b++) {
          sizes[b] = n / buckets + (b < n % buckets ? 1 : 0);
        }
        long seen = 0;
        for (int b = 0; b < buckets; b++) {
          seen += sizes[b];
          if (row < seen) {
            return (long) b + 1;
          }
        }
        throw new AssertionError();
      }
      case LAG:
      case LEAD: {
        int target = (int) (call.function() == WindowFunction.LAG ? row - call.offset() : row + call.offset());
        int argument = call.arguments().get(0);
        if (target >= 0 && target < n) {
          return partition.get(target)[argument];
        }
        return call.arguments().size() > 1 ? current[call.arguments().get(1)] : null;
      }
      default:
        break;
    }
    List<Object[]> frame = new ArrayList<>();
    for (int r = 0; r < n; r++) {
      if (inFrame(call.frame(), partition, row, r, orderKeys) && !excluded(call.frame(), partition, row, r,
          orderKeys)) {
        frame.add(partition.get(r));
      }
    }
    int argument = call.arguments().isEmpty() ? -1 : call.arguments().get(0);
    List<Object> values = new ArrayList<>();
    for (Object[] member : frame) {
      if (argument >= 0 && member[argument] != null) {
        values.add(member[argument]);
      }
    }
    switch (call.function()) {
      case FIRST_VALUE:
        return frame.isEmpty() ? null : frame.get(0)[argument];
      case LAST_VALUE:
        return frame.isEmpty() ? null : frame.get(frame.size() - 1)[argument];
      case NTH_VALUE:
        return frame.size() < call.offset() ? null : frame.get((int) call.offset() - 1)[argument];
      case COUNT:
        return (long) (argument < 0 ? frame.size() : values.size());
      case SUM: {
        if (values.isEmpty()) {
          return null;
        }
        if (values.get(0) instanceof Double) {
          return values.stream().mapToDouble(value -> (Double) value).sum();
        }
        return values.stream().mapToLong(value -> (Long) value).sum();
      }
      case AVG:
        return values.isEmpty() ? null
            : values.stream().mapToDouble(value -> ((Number) value).doubleValue()).sum() / values.size();
      case MIN:
      case MAX: {
        Object best = null;
        for (Object value : values) {
          if (best == null || compare(value, best, call.function() == WindowFunction.MIN, false) < 0) {
            best = value;
          }
        }
        return best;
      }
      default:
        throw new AssertionError(call.function());
    }
  }

  /** Whether EXCLUDE takes row {@code r} out of row {@code row}'s frame. */
  private static boolean excluded(WindowFrame frame, List<Object[]> partition, int row, int r,
      List<SortKey> orderKeys) {
    return switch (frame.exclude()) {
      case NO_OTHERS -> false;
      case CURRENT_ROW -> r == row;
      case GROUP -> peers(partition.get(r), partition.get(row), orderKeys);
      case TIES -> r != row && peers(partition.get(r), partition.get(row), orderKeys);
    };
  }

  /** Whether row {@code r} of the partition is in row {@code row}'s frame. */
  private static boolean inFrame(WindowFrame frame, List<Object[]> partition, int row, int r,
      List<SortKey> orderKeys) {
    if (frame.unit() == WindowFrame.Unit.ROWS) {
      return r >= rowsBound(frame.lower(), row, true) && r <= rowsBound(frame.upper(), row, false);
    }
    if (frame.unit() == WindowFrame.Unit.GROUPS) {
      // peer group numbers, counted from the partition's start; offsets count groups as ROWS counts rows
      long mine = group(partition, row, orderKeys);
      long theirs = group(partition, r, orderKeys);
      return theirs >= rowsBound(frame.lower(), (int) mine, true) && theirs <= rowsBound(frame.upper(), (int) mine,
          false);
    }
    return rangeOk(frame.lower(), partition, row, r, orderKeys, true)
        && rangeOk(frame.upper(), partition, row, r, orderKeys, false);
  }

  /** The last partition whose group numbers were counted, and them (one partition is asked about row by row). */
  private static final ThreadLocal<Object[]> LAST_GROUPS = new ThreadLocal<>();

  /** The number of the peer group of row {@code row} in its partition (0 for the first). */
  private static long group(List<Object[]> partition, int row, List<SortKey> orderKeys) {
    Object[] last = LAST_GROUPS.get();
    if (last == null || last[0] != partition || last[1] != orderKeys) {
      long[] numbers = new long[partition.size()];
      for (int r = 1; r < numbers.length; r++) {
        numbers[r] = numbers[r - 1] + (peers(partition.get(r - 1), partition.get(r), orderKeys) ? 0 : 1);
      }
      last = new Object[] {partition, orderKeys, numbers};
      LAST_GROUPS.set(last);
    }
    return ((long[]) last[2])[row];
  }

  private static long rowsBound(Bound bound, int row, boolean lower) {
    return switch (bound.kind()) {
      case UNBOUNDED_PRECEDING -> lower ? Long.MIN_VALUE : Long.MIN_VALUE;
      case PRECEDING -> row - bound.offset().longValue();
      case CURRENT_ROW -> row;
      case FOLLOWING -> row + bound.offset().longValue();
      case UNBOUNDED_FOLLOWING -> Long.MAX_VALUE;
    };
  }

  /**
   * RANGE: the signed distance of row r from the current row in the order's direction; NULL keys are
   * infinitely far before or after (where they sort); a NULL current row's offsets reach its peers.
   */
  private static boolean rangeOk(Bound bound, List<Object[]> partition, int row, int r, List<SortKey> orderKeys,
      boolean lower) {
    boolean nullCurrent = !orderKeys.isEmpty() && partition.get(row)[orderKeys.get(0).column()] == null;
    switch (bound.kind()) {
      case UNBOUNDED_PRECEDING:
        return lower;
      case UNBOUNDED_FOLLOWING:
        return !lower;
      case PRECEDING:
      case FOLLOWING:
        if (!nullCurrent) {
          break;
        }
        // an offset from a NULL key reaches its NULL peers only (as DuckDB and PostgreSQL)
        return rangeOk(Bound.CURRENT_ROW, partition, row, r, orderKeys, lower);
      case CURRENT_ROW: {
        int compared = 0;
        for (SortKey key : orderKeys) {
          compared = compare(partition.get(r)[key.column()], partition.get(row)[key.column()], key.ascending(),
              key.nullsFirst());
          if (compared != 0) {
            break;
          }
        }
        return lower ? compared >= 0 : compared <= 0;
      }
      default:
        break;
    }
    SortKey key = orderKeys.get(0);
    Object mine = partition.get(row)[key.column()];
    Object theirs = partition.get(r)[key.column()];
    double distance;
    if (mine == null || theirs == null) {
      distance = mine == theirs ? 0 : compare(theirs, mine, key.ascending(), key.nullsFirst()) < 0
          ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    } else {
      double difference = ((Number) theirs).doubleValue() - ((Number) mine).doubleValue();
      distance = key.ascending() ? difference : -difference;
    }
    double offset = bound.offset().doubleValue() * (bound.kind() == WindowFrame.BoundKind.PRECEDING ? -1 : 1);
    return lower ? distance >= offset : distance <= offset;
  }
}
