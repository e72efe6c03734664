package dev.quiver.format.encoding;

/** Row bitmaps as {@code long[]} words, LSB first: row i is bit {@code i & 63} of word {@code i >>> 6}. */
final class RowBits {
  private RowBits() {}

  /** Words for {@code rows} bits. */
  static int words(long rows) {
    return (int) ((rows + 63) >>> 6);
  }

  static boolean get(long[] bits, long row) {
    return (bits[(int) (row >>> 6)] >>> row & 1) != 0;
  }

  static void set(long[] bits, long row, boolean value) {
    int word = (int) (row >>> 6);
    long mask = 1L << row;
    bits[word] = value ? bits[word] | mask : bits[word] & ~mask;
  }

  /** Sets rows {@code [from, to)}. */
  static void setRange(long[] bits, long from, long to) {
    if (from >= to) {
      return;
    }
    int first = (int) (from >>> 6);
    int last = (int) ((to - 1) >>> 6);
    long firstMask = -1L << from;
    long lastMask = -1L >>> (63 - ((to - 1) & 63));
    if (first == last) {
      bits[first] |= firstMask & lastMask;
      return;
    }
    bits[first] |= firstMask;
    for (int w = first + 1; w < last; w++) {
      bits[w] = -1L;
    }
    bits[last] |= lastMask;
  }

  /** The number of set bits among rows {@code [from, to)}. */
  static long count(long[] bits, long from, long to) {
    if (from >= to) {
      return 0;
    }
    int first = (int) (from >>> 6);
    int last = (int) ((to - 1) >>> 6);
    long firstMask = -1L << from;
    long lastMask = -1L >>> (63 - ((to - 1) & 63));
    if (first == last) {
      return Long.bitCount(bits[first] & firstMask & lastMask);
    }
    long total = (long) Long.bitCount(bits[first] & firstMask) + Long.bitCount(bits[last] & lastMask);
    for (int w = first + 1; w < last; w++) {
      total += Long.bitCount(bits[w]);
    }
    return total;
  }

  /** Sets bit {@code first + j} for each {@code j < count} with {@code passes[j]}; those bits start clear. */
  static void orBlock(long[] bits, int first, int count, long[] values, IntegerPredicate predicate) {
    for (int j = 0; j < count; j++) {
      int row = first + j;
      bits[row >>> 6] |= (predicate.test(values[j]) ? 1L : 0L) << row;
    }
  }
}
