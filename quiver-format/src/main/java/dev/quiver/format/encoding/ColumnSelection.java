package dev.quiver.format.encoding;

/** Builds child columns from chosen rows of a column (run values, patch values). */
final class ColumnSelection {
  private ColumnSelection() {}

  /** The rows {@code rows[0, count)} of {@code column}, in that order. */
  static Column select(Column column, int[] rows, int count) {
    if (column instanceof LongColumn longs) {
      long[] values = longs.values();
      long[] selected = new long[count];
      for (int k = 0; k < count; k++) {
        selected[k] = values[rows[k]];
      }
      return new LongColumn(longs.type(), selected, count);
    }
    if (column instanceof BooleanColumn booleans) {
      BooleanColumn selected = BooleanColumn.allocate(count);
      for (int k = 0; k < count; k++) {
        if (booleans.get(rows[k])) {
          selected.set(k);
        }
      }
      return selected;
    }
    if (column instanceof BinaryColumn binary) {
      return binary.select(rows, count);
    }
    throw new IllegalArgumentException("cannot select rows of " + column.type().label);
  }

  /** The int32 column of {@code rows[0, count)}. */
  static LongColumn positions(int[] rows, int count) {
    long[] values = new long[count];
    for (int k = 0; k < count; k++) {
      values[k] = rows[k];
    }
    return LongColumn.int32(values, count);
  }

  /** A growable list of row numbers. */
  static final class RowList {
    int[] rows = new int[16];
    int count;

    void add(int row) {
      if (count == rows.length) {
        rows = java.util.Arrays.copyOf(rows, count * 2);
      }
      rows[count++] = row;
    }
  }
}
