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
}
