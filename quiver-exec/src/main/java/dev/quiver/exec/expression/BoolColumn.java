package dev.quiver.exec.expression;

/** Booleans, one per row; the values of NULL rows are false. */
final class BoolColumn extends Column {
  final boolean[] values;

  BoolColumn(boolean[] values, boolean[] nulls) {
    super(values.length, nulls);
    this.values = values;
  }

  static BoolColumn constant(boolean value, int count) {
    boolean[] values = new boolean[count];
    if (value) {
      java.util.Arrays.fill(values, true);
    }
    return new BoolColumn(values, null);
  }

  @Override
  BoolColumn gather(int[] indexes, int count) {
    boolean[] result = new boolean[count];
    for (int i = 0; i < count; i++) {
      int index = indexes[i];
      result[i] = index >= 0 && values[index];
    }
    return new BoolColumn(result, gatherNulls(nulls, indexes, count));
  }

  @Override
  BoolColumn nullsLike(int count) {
    return new BoolColumn(new boolean[count], allNulls(count));
  }

  @Override
  void copyRow(int from, Column target, int to) {
    BoolColumn bools = (BoolColumn) target;
    bools.values[to] = values[from];
    if (isNull(from)) {
      bools.setNull(to);
    }
  }

  /** Whether row i is TRUE (not FALSE, not NULL). */
  boolean isTrue(int row) {
    return values[row] && !isNull(row);
  }
}
