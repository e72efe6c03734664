package dev.quiver.expression.filter;

import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Bitmaps to selection positions: the step after a vector compare, where each lane's result is one
 * bit. Dense words are written without branches, sparse ones bit by bit (one step per set bit), so
 * a selective filter pays for the rows it keeps, not for the rows it reads.
 */
final class SelectionBits {
  private SelectionBits() {}

  /**
   * Appends {@code base + i} to {@code out} from position {@code passed} for each set bit i of
   * {@code bits} (bits at or above {@code lanes} must be zero) and returns the new count.
   */
  static int append(long bits, int base, int lanes, int[] out, int passed) {
    int found = passed;
    if (Long.bitCount(bits) * 2 > lanes) {
      for (int lane = 0; lane < lanes; lane++) {
        out[found] = base + lane;
        found += (int) (bits >>> lane) & 1;
      }
      return found;
    }
    long remaining = bits;
    while (remaining != 0) {
      out[found++] = base + Long.numberOfTrailingZeros(remaining);
      remaining &= remaining - 1;
    }
    return found;
  }

  /**
   * The validity bits of vector rows {@code [index, index + lanes)} (at most 57 lanes), bit i for row
   * {@code index + i}, read from the validity buffer at {@code validity}: only the bytes those rows use.
   */
  static long validity(long validity, int index, int lanes) {
    int first = index >>> 3;
    int last = (index + lanes - 1) >>> 3;
    long bits = 0;
    for (int at = first; at <= last; at++) {
      bits |= (MemoryUtil.getByte(validity + at) & 0xFFL) << ((at - first) << 3);
    }
    return (bits >>> (index & 7)) & (lanes == 64 ? -1L : (1L << lanes) - 1);
  }

  /** Appends one row when it is valid and {@code inside != negated}; returns the new count. */
  static int appendOne(boolean inside, boolean negated, long validity, int offset, int row, int[] out, int passed) {
    int index = offset + row;
    int valid = MemoryUtil.getByte(validity + (index >>> 3)) >> (index & 7) & 1;
    out[passed] = row;
    return passed + (valid & ((inside ? 1 : 0) ^ (negated ? 1 : 0)));
  }
}
