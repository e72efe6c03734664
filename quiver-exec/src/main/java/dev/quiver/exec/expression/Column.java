package dev.quiver.exec.expression;

/**
 * The values of one compiled node over the rows of one evaluation: a dense array per type (see the
 * subclasses) and a null mask ({@code nulls[i]} true for NULL; a null array when no row is NULL). Rows
 * that are NULL hold a harmless value (zero, empty) so kernels may compute over them without a check.
 */
abstract class Column {
  final int size;
  boolean[] nulls;

  Column(int size, boolean[] nulls) {
    this.size = size;
    this.nulls = nulls;
  }

  final boolean isNull(int row) {
    return nulls != null && nulls[row];
  }

  /** Whether every row is NULL. */
  final boolean allNull() {
    if (nulls == null) {
      return size == 0;
    }
    for (int i = 0; i < size; i++) {
      if (!nulls[i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Row {@code i} of the result is row {@code indexes[i]} of this column, for {@code i < count}; an
   * index of -1 makes a NULL row.
   */
  abstract Column gather(int[] indexes, int count);

  /** A column of {@code count} rows, every one NULL, of the same kind (and scale) as this one. */
  abstract Column nullsLike(int count);

  /** Writes row {@code from} of this column into row {@code to} of {@code target} (same kind). */
  abstract void copyRow(int from, Column target, int to);

  static boolean[] gatherNulls(boolean[] nulls, int[] indexes, int count) {
    boolean[] result = null;
    for (int i = 0; i < count; i++) {
      int index = indexes[i];
      if (index < 0 || (nulls != null && nulls[index])) {
        if (result == null) {
          result = new boolean[count];
        }
        result[i] = true;
      }
    }
    return result;
  }

  static boolean[] allNulls(int count) {
    boolean[] result = new boolean[count];
    java.util.Arrays.fill(result, true);
    return result;
  }

  /** The union of two null masks (a new array, or one of them, or null). */
  static boolean[] union(boolean[] left, boolean[] right, int count) {
    if (left == null) {
      return right == null ? null : right.clone();
    }
    boolean[] result = left.clone();
    if (right != null) {
      for (int i = 0; i < count; i++) {
        result[i] |= right[i];
      }
    }
    return result;
  }

  void setNull(int row) {
    if (nulls == null) {
      nulls = new boolean[size];
    }
    nulls[row] = true;
  }
}
