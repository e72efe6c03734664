package dev.quiver.format.encoding;

import java.util.Arrays;

/**
 * The distinct values of a column in ascending order (integers and float bits as signed longs,
 * binary as unsigned bytes) and each row's code into them, with the most frequent code.
 */
record Dictionary(Column values, long[] codes, int topCode, int topCount) {

  int size() {
    return values.rows();
  }

  LongColumn codesColumn() {
    return LongColumn.int32(codes, codes.length);
  }

  /** The dictionary of a long or binary column, or null past {@code limit} distinct values (or other types). */
  static Dictionary build(Column column, int limit) {
    if (column instanceof LongColumn longs) {
      return ofLongs(longs, limit);
    }
    if (column instanceof BinaryColumn binary) {
      return ofBinary(binary, limit);
    }
    return null;
  }

  /** Integer columns whose values span fewer than this many are counted in an array, not hashed. */
  static final int COUNTING_RANGE = 1 << 16;

  private static Dictionary ofLongs(LongColumn column, int limit) {
    int rows = column.rows();
    long[] values = column.values();
    if (column.type().isInteger() && rows > 0) {
      long minimum = Long.MAX_VALUE;
      long maximum = Long.MIN_VALUE;
      boolean ascending = true;
      for (int i = 0; i < rows; i++) {
        minimum = Math.min(minimum, values[i]);
        maximum = Math.max(maximum, values[i]);
        ascending &= i == 0 || values[i] >= values[i - 1];
      }
      long range = maximum - minimum;
      if (range >= 0 && range < COUNTING_RANGE) {
        return ofSmallRange(column, minimum, (int) range + 1, limit);
      }
      if (ascending) {
        return ofAscending(column, limit);
      }
    }
    LongHashTable table = new LongHashTable(limit, expectedDistinct(column));
    long[] codes = new long[rows];
    for (int i = 0; i < rows; i++) {
      int id = table.add(values[i]);
      if (id < 0) {
        return null;
      }
      codes[i] = id;
    }
    long[] keys = table.keys();
    long[] sorted = keys.clone();
    Arrays.sort(sorted);
    int[] rank = new int[keys.length];
    int top = 0;
    for (int id = 0; id < keys.length; id++) {
      rank[id] = Arrays.binarySearch(sorted, keys[id]);
      if (table.count(id) > table.count(top)) {
        top = id;
      }
    }
    remap(codes, rank);
    int topCount = keys.length == 0 ? 0 : table.count(top);
    int topCode = keys.length == 0 ? 0 : rank[top];
    return new Dictionary(new LongColumn(column.type(), sorted, sorted.length), codes, topCode, topCount);
  }

  /** Rows probed to size a hash table: when nearly all differ, it is sized for many values at once. */
  private static final int PROBE_ROWS = 256;

  /**
   * How many distinct values to size a table for: as many as rows when a probe of rows spread over
   * the column finds nearly all distinct (growing a large table step by step costs more than
   * filling it), else a few.
   */
  private static int expectedDistinct(Column column) {
    int rows = column.rows();
    if (rows <= 4 * PROBE_ROWS) {
      return 64;
    }
    int distinct;
    if (column instanceof LongColumn longs) {
      LongHashTable probe = new LongHashTable(PROBE_ROWS, PROBE_ROWS);
      for (int k = 0; k < PROBE_ROWS; k++) {
        probe.add(longs.values()[(int) ((long) k * rows / PROBE_ROWS)]);
      }
      distinct = probe.size();
    } else {
      BinaryHashTable probe = new BinaryHashTable((BinaryColumn) column, PROBE_ROWS, PROBE_ROWS);
      for (int k = 0; k < PROBE_ROWS; k++) {
        probe.add((int) ((long) k * rows / PROBE_ROWS));
      }
      distinct = probe.size();
    }
    return distinct > PROBE_ROWS * 3 / 4 ? rows : 64;
  }

  /** A sorted column (a sort key): each run of equal values is the next code, no hashing. */
  private static Dictionary ofAscending(LongColumn column, int limit) {
    int rows = column.rows();
    long[] values = column.values();
    long[] codes = new long[rows];
    long[] distinct = new long[16];
    int size = 0;
    int topCode = 0;
    int topCount = 0;
    int runStart = 0;
    for (int i = 0; i < rows; i++) {
      if (i == 0 || values[i] != values[i - 1]) {
        if (size == limit) {
          return null;
        }
        if (size == distinct.length) {
          distinct = Arrays.copyOf(distinct, size * 2);
        }
        distinct[size++] = values[i];
        runStart = i;
      }
      codes[i] = size - 1L;
      if (i - runStart + 1 > topCount) {
        topCount = i - runStart + 1;
        topCode = size - 1;
      }
    }
    return new Dictionary(new LongColumn(column.type(), Arrays.copyOf(distinct, size), size), codes, topCode, topCount);
  }

  /** Counts values in an array indexed by value - minimum: no hashing, values come out sorted. */
  private static Dictionary ofSmallRange(LongColumn column, long minimum, int span, int limit) {
    int rows = column.rows();
    long[] values = column.values();
    int[] counts = new int[span];
    for (int i = 0; i < rows; i++) {
      counts[(int) (values[i] - minimum)]++;
    }
    int size = 0;
    int top = 0;
    for (int k = 0; k < span; k++) {
      if (counts[k] > 0) {
        size++;
        if (counts[k] > counts[top]) {
          top = k;
        }
      }
    }
    if (size > limit) {
      return null;
    }
    int[] rank = new int[span];
    long[] sorted = new long[size];
    int next = 0;
    for (int k = 0; k < span; k++) {
      if (counts[k] > 0) {
        rank[k] = next;
        sorted[next++] = minimum + k;
      }
    }
    long[] codes = new long[rows];
    for (int i = 0; i < rows; i++) {
      codes[i] = rank[(int) (values[i] - minimum)];
    }
    return new Dictionary(new LongColumn(column.type(), sorted, size), codes, rank[top], counts[top]);
  }

  private static Dictionary ofBinary(BinaryColumn column, int limit) {
    int rows = column.rows();
    BinaryHashTable table = new BinaryHashTable(column, limit, expectedDistinct(column));
    long[] codes = new long[rows];
    for (int i = 0; i < rows; i++) {
      int id = table.add(i);
      if (id < 0) {
        return null;
      }
      codes[i] = id;
    }
    int[] firstRows = table.firstRows();
    int[] order = new int[firstRows.length];
    for (int id = 0; id < order.length; id++) {
      order[id] = id;
    }
    IndexSort.sort(order, (a, b) -> Arrays.compareUnsigned(
        column.data(), column.start(firstRows[a]), column.start(firstRows[a] + 1),
        column.data(), column.start(firstRows[b]), column.start(firstRows[b] + 1)));
    int[] rank = new int[order.length];
    int[] sortedRows = new int[order.length];
    int top = 0;
    for (int position = 0; position < order.length; position++) {
      rank[order[position]] = position;
      sortedRows[position] = firstRows[order[position]];
    }
    for (int id = 0; id < order.length; id++) {
      if (table.count(id) > table.count(top)) {
        top = id;
      }
    }
    remap(codes, rank);
    int topCount = order.length == 0 ? 0 : table.count(top);
    int topCode = order.length == 0 ? 0 : rank[top];
    return new Dictionary(column.select(sortedRows, sortedRows.length), codes, topCode, topCount);
  }

  private static void remap(long[] codes, int[] rank) {
    for (int i = 0; i < codes.length; i++) {
      codes[i] = rank[(int) codes[i]];
    }
  }
}
