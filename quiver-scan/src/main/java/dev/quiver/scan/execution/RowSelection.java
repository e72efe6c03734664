package dev.quiver.scan.execution;

import java.util.Arrays;

/** The rows of a split that passed, as ascending file rows, kept as runs {@code [start, end)}. */
final class RowSelection {
  private long[] starts = new long[8];
  private long[] ends = new long[8];
  private int runs;
  private long rows;

  void addRun(long start, long end) {
    if (start >= end) {
      return;
    }
    rows += end - start;
    if (runs > 0 && ends[runs - 1] == start) {
      ends[runs - 1] = end;
      return;
    }
    if (runs == starts.length) {
      starts = Arrays.copyOf(starts, runs * 2);
      ends = Arrays.copyOf(ends, runs * 2);
    }
    starts[runs] = start;
    ends[runs] = end;
    runs++;
  }

  /**
   * Adds rows {@code base + positions[i]} for {@code i < count} (positions ascending), consecutive rows as one run;
   * the runs' arrays grown once, to the runs counted first.
   */
  void addRows(long base, int[] positions, int count) {
    if (count == 0) {
      return;
    }
    int newRuns = 1;
    for (int i = 1; i < count; i++) {
      if (positions[i] != positions[i - 1] + 1) {
        newRuns++;
      }
    }
    if (runs + newRuns > starts.length) {
      int capacity = Math.max(runs + newRuns, starts.length * 2);
      starts = Arrays.copyOf(starts, capacity);
      ends = Arrays.copyOf(ends, capacity);
    }
    int i = 0;
    while (i < count) {
      int first = i;
      while (i + 1 < count && positions[i + 1] == positions[i] + 1) {
        i++;
      }
      addRun(base + positions[first], base + positions[i] + 1L);
      i++;
    }
  }

  void addRow(long row) {
    addRun(row, row + 1);
  }

  int runCount() {
    return runs;
  }

  long start(int run) {
    return starts[run];
  }

  long end(int run) {
    return ends[run];
  }

  long rowCount() {
    return rows;
  }

  /** The rows also in {@code sortedRows} (ascending file rows). */
  RowSelection intersect(long[] sortedRows) {
    RowSelection result = new RowSelection();
    int run = 0;
    for (long row : sortedRows) {
      while (run < runs && ends[run] <= row) {
        run++;
      }
      if (run == runs) {
        break;
      }
      if (row >= starts[run]) {
        result.addRow(row);
      }
    }
    return result;
  }

  /**
   * Sets bit {@code r - first} of {@code out} (LSB first; the caller's words start cleared) for each
   * selected row r in {@code [first, first + rows)}.
   */
  void bits(long first, int rows, long[] out) {
    long last = first + rows;
    for (int run = 0; run < runs; run++) {
      long from = Math.max(starts[run], first);
      long to = Math.min(ends[run], last);
      for (long row = from; row < to;) {
        int bit = (int) (row - first);
        int word = bit >>> 6;
        int take = (int) Math.min(64 - (bit & 63), to - row);
        long mask = take == 64 ? -1L : ((1L << take) - 1) << (bit & 63);
        out[word] |= mask;
        row += take;
      }
    }
  }
}
