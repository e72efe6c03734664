package dev.quiver.bench.simd;

import org.apache.arrow.memory.util.MemoryUtil;

/**
 * The whole-stream bit-unpack loop that {@code BitPacking} ran before issue 13's kernels (commit 7a9587c),
 * kept as the benchmark's baseline: a branch per value for values straddling two words, into a block of
 * longs, then a second loop adding the base and storing at the destination width.
 */
final class OldBitUnpacking {
  private static final int BLOCK = 1024;

  private OldBitUnpacking() {}

  static void unpack(long source, int bitWidth, long base, int rows, int width, long destination) {
    long[] block = new long[Math.min(BLOCK, rows)];
    long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
    for (int first = 0; first < rows; first += BLOCK) {
      int count = Math.min(BLOCK, rows - first);
      long bit = (long) first * bitWidth;
      for (int j = 0; j < count; j++, bit += bitWidth) {
        long address = source + ((bit >>> 6) << 3);
        int shift = (int) (bit & 63);
        long value = MemoryUtil.getLong(address) >>> shift;
        if (shift + bitWidth > 64) {
          value |= MemoryUtil.getLong(address + 8) << (64 - shift);
        }
        block[j] = value & mask;
      }
      store(block, count, base, width, destination + (long) first * width);
    }
  }

  private static void store(long[] block, int count, long base, int width, long destination) {
    switch (width) {
      case 4:
        for (int j = 0; j < count; j++) {
          MemoryUtil.putInt(destination + 4L * j, (int) (base + block[j]));
        }
        break;
      case 8:
        for (int j = 0; j < count; j++) {
          MemoryUtil.putLong(destination + 8L * j, base + block[j]);
        }
        break;
      default:
        throw new IllegalArgumentException("width " + width);
    }
  }
}
