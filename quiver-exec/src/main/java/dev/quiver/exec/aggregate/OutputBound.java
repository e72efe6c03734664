package dev.quiver.exec.aggregate;

/**
 * The top-N that reads a hash aggregate's output, told to the aggregate so it writes only the groups that can reach
 * it: a top-N whose first sort key is call {@code call} of the aggregate keeps at most {@code keep} (offset + limit)
 * rows, so of a table's groups only those whose value of that call is at least as good as the table's {@code keep}-th
 * best can be among them. The aggregate then decodes those groups' keys and skips the others, and the top-N above
 * still sorts and cuts. Groups tied with the {@code keep}-th all pass, unless that call is the top-N's only key: rows
 * tied on every key come in no particular order, so then only as many of them pass as make {@code keep} (a table's
 * {@code keep} best are a top-N of its groups, and the best of the tables' top-Ns are a top-N of them all).
 * Applied to calls whose accumulator has a value per group that is never NULL (COUNT, not DISTINCT); others output
 * every group.
 *
 * @param call the aggregate call (an index among the calls, not an output column)
 * @param descending whether the top-N keeps the largest values (else the smallest)
 * @param keep how many rows the top-N keeps, at least 1
 * @param onlyKey whether the call is the top-N's only sort key
 */
public record OutputBound(int call, boolean descending, long keep, boolean onlyKey) {
  public OutputBound {
    if (keep < 1) {
      throw new IllegalArgumentException("keep " + keep);
    }
  }

  /**
   * The groups of {@code table} whose value can reach the top-N, ascending; null when there is no gain (the call has
   * no such values, or the table holds no more than twice {@code keep} groups).
   */
  int[] select(AggregateSpec spec, GroupTable table) {
    int groups = table.size();
    if (call >= table.accumulators.length || spec.distinct[call]
        || !(table.accumulators[call] instanceof CountAccumulator counts) || groups <= 2 * keep) {
      return null;
    }
    long[] values = counts.values();
    long threshold = kth(values, groups, (int) keep, descending);
    int better = 0;
    int tied = 0;
    for (int group = 0; group < groups; group++) {
      long value = values[group];
      if (value == threshold) {
        tied++;
      } else if (!worse(value, threshold, descending)) {
        better++;
      }
    }
    int tiedPassing = onlyKey ? (int) Math.min(tied, keep - better) : tied;
    int[] selected = new int[better + tiedPassing];
    int at = 0;
    for (int group = 0; group < groups; group++) {
      long value = values[group];
      if (value == threshold ? tiedPassing-- > 0 : !worse(value, threshold, descending)) {
        selected[at++] = group;
      }
    }
    return selected;
  }

  /** The {@code k}-th largest ({@code descending}) or smallest of {@code values[0, count)}, {@code k <= count}. */
  static long kth(long[] values, int count, int k, boolean descending) {
    // a binary heap of the k best so far, its root the worst of them
    long[] heap = new long[k];
    int size = 0;
    for (int i = 0; i < count; i++) {
      long value = values[i];
      if (size < k) {
        int at = size++;
        while (at > 0) {
          int parent = (at - 1) >>> 1;
          if (!worse(value, heap[parent], descending)) {
            break;
          }
          heap[at] = heap[parent];
          at = parent;
        }
        heap[at] = value;
      } else if (worse(heap[0], value, descending)) {
        int at = 0;
        while (true) {
          int child = 2 * at + 1;
          if (child >= size) {
            break;
          }
          if (child + 1 < size && worse(heap[child + 1], heap[child], descending)) {
            child++;
          }
          if (!worse(heap[child], value, descending)) {
            break;
          }
          heap[at] = heap[child];
          at = child;
        }
        heap[at] = value;
      }
    }
    return heap[0];
  }

  /** Whether {@code a} ranks after {@code b} in the top-N's order. */
  private static boolean worse(long a, long b, boolean descending) {
    return descending ? a < b : a > b;
  }
}
