package dev.quiver.exec.window;

/**
 * Answers a frame's MIN/MAX (the row holding it) or floating SUM over any [start, end) of rows in
 * O(log n): a bottom-up tree over the rows of a chunk, built once in O(n).
 */
final class SegmentTree {
  private SegmentTree() {}

  /** Heap bytes of a tree over {@code rows} rows (doubles, the larger kind). */
  static long bytes(int rows) {
    return 16L * rows + 64;
  }

  /** The row of the least (or, with {@code greatest}, largest) non-NULL value in a range; -1 when none. */
  static final class Extreme {
    private final int size;
    private final int[] tree;
    private final RowOrder order;
    private final int sign;

    Extreme(RowOrder order, boolean[] valid, int rows, boolean greatest) {
      this.size = Math.max(1, rows);
      this.tree = new int[2 * size];
      this.order = order;
      this.sign = greatest ? -1 : 1;
      for (int row = 0; row < size; row++) {
        tree[size + row] = row < rows && valid[row] ? row : -1;
      }
      for (int node = size - 1; node >= 1; node--) {
        tree[node] = better(tree[2 * node], tree[2 * node + 1]);
      }
    }

    /** The better of two rows (-1: none); a tie keeps the earlier row. */
    int better(int a, int b) {
      if (a < 0) {
        return b;
      }
      if (b < 0) {
        return a;
      }
      int compared = sign * order.compare(a, b);
      return compared < 0 || compared == 0 && a < b ? a : b;
    }

    int query(int start, int end) {
      int best = -1;
      for (int low = start + size, high = end + size; low < high; low >>= 1, high >>= 1) {
        if ((low & 1) == 1) {
          best = better(best, tree[low++]);
        }
        if ((high & 1) == 1) {
          best = better(best, tree[--high]);
        }
      }
      return best;
    }
  }

  /** Sums of doubles over ranges (NULL rows hold 0). */
  static final class Sum {
    private final int size;
    private final double[] tree;

    Sum(double[] values, boolean[] valid, int rows) {
      this.size = Math.max(1, rows);
      this.tree = new double[2 * size];
      for (int row = 0; row < rows; row++) {
        tree[size + row] = valid[row] ? values[row] : 0;
      }
      for (int node = size - 1; node >= 1; node--) {
        tree[node] = tree[2 * node] + tree[2 * node + 1];
      }
    }

    double query(int start, int end) {
      double left = 0;
      double right = 0;
      for (int low = start + size, high = end + size; low < high; low >>= 1, high >>= 1) {
        if ((low & 1) == 1) {
          left += tree[low++];
        }
        if ((high & 1) == 1) {
          right = tree[--high] + right;
        }
      }
      return left + right;
    }
  }

  /** Exact sums of longs over ranges (NULL rows hold 0); a sum leaving 64 bits is an ArithmeticException. */
  static final class LongSum {
    private final int size;
    private final long[] tree;

    LongSum(long[] values, int rows) {
      this.size = Math.max(1, rows);
      this.tree = new long[2 * size];
      System.arraycopy(values, 0, tree, size, rows);
      for (int node = size - 1; node >= 1; node--) {
        tree[node] = Math.addExact(tree[2 * node], tree[2 * node + 1]);
      }
    }

    long query(int start, int end) {
      long sum = 0;
      for (int low = start + size, high = end + size; low < high; low >>= 1, high >>= 1) {
        if ((low & 1) == 1) {
          sum = Math.addExact(sum, tree[low++]);
        }
        if ((high & 1) == 1) {
          sum = Math.addExact(sum, tree[--high]);
        }
      }
      return sum;
    }
  }
}
