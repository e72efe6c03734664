package dev.quiver.exec.aggregate;

/**
 * A slice's rows put in order of their group when the slice has few groups (keys whose dictionary codes
 * {@link GroupBuilder} combined): run {@code r} is positions {@code [start(r), start(r) + length(r))} of
 * {@link #rows}, every one of group {@link #group}{@code (r)}, in the slice's order. An accumulator that sums
 * into a register ({@link Accumulator#updatesGroupRuns}) then adds a run in one loop with no load or store of
 * group state per row, where {@link Accumulator#update} reads and writes a group's state every row (a chain
 * through memory when consecutive rows share a group, as with TPC-H Q1's four groups). The order is found
 * once per slice (a counting sort) and shared by every call. Not thread-safe.
 */
final class GroupRuns {
  /** The most groups a slice may have for its rows to be put in runs. */
  static final int MOST_GROUPS = 32;
  /** The fewest rows a slice needs per group: below, the counting sort costs more than it saves. */
  static final int FEWEST_ROWS_PER_GROUP = 64;

  private int runs;
  private final int[] start = new int[MOST_GROUPS + 1];
  private final int[] group = new int[MOST_GROUPS];
  /** The slice positions (0-based) of the runs' rows, run after run. */
  private int[] slots = new int[0];
  private int[] runOfRow = new int[0];
  private int[] rows = new int[0];
  /** The slice start and physical row map {@link #rows} was last filled for. */
  private int rowsFrom = -1;
  private int[] rowsPhysical;
  private boolean rowsFilled;
  /** Whether {@link #slots} holds this slice's order: made only when a caller asks for {@link #rows}. */
  private boolean slotsFilled;

  /** Whether a slice of {@code count} rows in {@code groupCount} groups is worth putting in runs. */
  static boolean worthwhile(int groupCount, int count) {
    return groupCount > 0 && groupCount <= MOST_GROUPS && count >= (long) FEWEST_ROWS_PER_GROUP * groupCount;
  }

  /**
   * Orders a slice of {@code count} rows whose row {@code i} has combination {@code codes[i]}: combination
   * {@code used[k]} ({@code k < usedCount}, each distinct) is group {@code groupIds[k]}.
   */
  void build(int[] codes, int[] used, int[] groupIds, int usedCount, int count) {
    if (usedCount > MOST_GROUPS) {
      throw new IllegalArgumentException(usedCount + " groups");
    }
    if (slots.length < count) {
      slots = new int[count];
      runOfRow = new int[count];
      rows = new int[count];
    }
    int largest = 0;
    for (int k = 0; k < usedCount; k++) {
      largest = Math.max(largest, used[k]);
    }
    int[] runOfCode = new int[largest + 1];
    for (int k = 0; k < usedCount; k++) {
      runOfCode[used[k]] = k;
      group[k] = groupIds[k];
    }
    int[] lengths = new int[usedCount];
    for (int i = 0; i < count; i++) {
      int run = runOfCode[codes[i]];
      runOfRow[i] = run;
      lengths[run]++;
    }
    int at = 0;
    for (int k = 0; k < usedCount; k++) {
      start[k] = at;
      at += lengths[k];
    }
    start[usedCount] = at;
    runs = usedCount;
    slotsFilled = false;
    rowsFilled = false;
  }

  /** Puts the slice positions in order of their run (the counting sort's second pass), once per slice. */
  private void fillSlots() {
    int[] next = new int[runs];
    System.arraycopy(start, 0, next, 0, runs);
    int total = start[runs];
    for (int i = 0; i < total; i++) {
      slots[next[runOfRow[i]]++] = i;
    }
    slotsFilled = true;
  }

  /**
   * Whether {@code values} has no NULL, counted whenever the vector is at most 64 times the runs' rows: a scan's
   * column is often a slice of a chunk decoded once (tens of thousands of rows under a batch of a few thousand),
   * where counting its validity bits costs far less than testing a bit at every row of every run.
   */
  static boolean withoutNulls(org.apache.arrow.vector.FieldVector values, GroupRuns runs) {
    return values.getValueCount() <= 64L * Math.max(1, runs.total()) && values.getNullCount() == 0;
  }

  /** Forgets the runs (the next slice has none until {@link #build}). */
  void clear() {
    runs = 0;
    slotsFilled = false;
    rowsFilled = false;
  }

  /** How many runs; 0 when the slice was not put in runs. */
  int count() {
    return runs;
  }

  int group(int run) {
    return group[run];
  }

  int start(int run) {
    return start[run];
  }

  int length(int run) {
    return start[run + 1] - start[run];
  }

  /** All the runs' rows. */
  int total() {
    return start[runs];
  }

  /**
   * The runs' rows as rows of a column: slice position {@code p} is row {@code from + p}, or {@code
   * physical[from + p]} when {@code physical} is not null (a column read through a selection). Kept until
   * asked for another mapping.
   */
  int[] rows(int from, int[] physical) {
    if (!slotsFilled) {
      fillSlots();
    }
    if (!rowsFilled || rowsFrom != from || rowsPhysical != physical) {
      int total = total();
      if (physical == null) {
        for (int j = 0; j < total; j++) {
          rows[j] = from + slots[j];
        }
      } else {
        for (int j = 0; j < total; j++) {
          rows[j] = physical[from + slots[j]];
        }
      }
      rowsFrom = from;
      rowsPhysical = physical;
      rowsFilled = true;
    }
    return rows;
  }
}
