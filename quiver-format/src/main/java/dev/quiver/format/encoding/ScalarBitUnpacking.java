package dev.quiver.format.encoding;

import org.apache.arrow.memory.util.MemoryUtil;

/**
 * The scalar bit-unpacking loops of {@link BitPacking}, with no branch per value. A value of at most
 * {@value #WINDOW_BITS} bits starting at bit {@code b} lies inside the eight bytes read (unaligned,
 * little-endian) at byte {@code b >>> 3}, so it costs one load, one shift by {@code b & 7} and one mask;
 * wider values (58..63 bits) combine two aligned words without a branch ({@code (hi << 1) << (63 - s)} is
 * zero when {@code s = 0}), and 64-bit values are the words themselves. One loop per destination width.
 *
 * <p>The windows of the last rows may reach past the packed bytes, which the caller guarantees only up to
 * {@link BitPacking#packedBytes}: those rows (at most a word's worth) take the careful {@link #valueAt}.
 */
final class ScalarBitUnpacking {
  /** The widest value that always fits in an eight-byte window starting at its first byte. */
  static final int WINDOW_BITS = 57;

  private ScalarBitUnpacking() {}

  /**
   * Rows {@code [first, rows)} of a stream of {@code bitWidth} (1..64) bits per value, base added, stored
   * {@code width} bytes each at {@code destination + row * width}; {@code source} holds {@code
   * packedBytes(rows, bitWidth)} bytes.
   */
  static void unpack(long source, int bitWidth, long base, int first, int rows, int width, long destination) {
    long packed = BitPacking.packedBytes(rows, bitWidth);
    int fast = Math.max(first, (int) Math.min(rows, fastRows(bitWidth, packed)));
    long bit = (long) first * bitWidth;
    if (bitWidth <= WINDOW_BITS) {
      windows(source, bitWidth, base, first, fast, width, destination, bit);
    } else if (bitWidth < 64) {
      wordPairs(source, bitWidth, base, first, fast, width, destination, bit);
    } else {
      words(source, base, first, fast, width, destination);
    }
    long mask = mask(bitWidth);
    for (int row = fast; row < rows; row++) {
      long value = base + valueAt(source, (long) row * bitWidth, bitWidth, mask);
      store(destination + (long) row * width, width, value);
    }
  }

  /**
   * Rows {@code [first, first + count)} (no base) into {@code out[at, at + count)}; {@code source} holds
   * {@code packedBytes(first + count, bitWidth)} bytes; {@code bitWidth} is 1..64.
   */
  static void unpack(long source, int bitWidth, long first, int count, long[] out, int at) {
    long end = first + count;
    long packed = BitPacking.packedBytes(end, bitWidth);
    int fast = at + (int) Math.max(0, Math.min(end, fastRows(bitWidth, packed)) - first);
    int stop = at + count;
    long mask = mask(bitWidth);
    long bit = first * bitWidth;
    int j = at;
    if (bitWidth <= WINDOW_BITS) {
      for (; j < fast; j++, bit += bitWidth) {
        out[j] = (MemoryUtil.getLong(source + (bit >>> 3)) >>> (bit & 7)) & mask;
      }
    } else {
      for (; j < fast; j++, bit += bitWidth) {
        out[j] = pair(source, bit, mask);
      }
    }
    for (; j < stop; j++, bit += bitWidth) {
      out[j] = valueAt(source, bit, bitWidth, mask);
    }
  }

  /** As {@link #unpack(long, int, long, int, long[], int)} for {@code bitWidth} 1..32, into ints. */
  static void unpackInts(long source, int bitWidth, long first, int count, int[] out, int at) {
    long end = first + count;
    long packed = BitPacking.packedBytes(end, bitWidth);
    int fast = at + (int) Math.max(0, Math.min(end, fastRows(bitWidth, packed)) - first);
    int stop = at + count;
    long mask = mask(bitWidth);
    long bit = first * bitWidth;
    int j = at;
    for (; j < fast; j++, bit += bitWidth) {
      out[j] = (int) ((MemoryUtil.getLong(source + (bit >>> 3)) >>> (bit & 7)) & mask);
    }
    for (; j < stop; j++, bit += bitWidth) {
      out[j] = (int) valueAt(source, bit, bitWidth, mask);
    }
  }

  /**
   * How many leading rows of a stream of {@code packed} bytes read only inside it on the fast path: for
   * windows, rows whose eight bytes from {@code b >>> 3} fit; for word pairs, rows whose second word fits.
   */
  static long fastRows(int bitWidth, long packed) {
    if (bitWidth <= WINDOW_BITS) {
      return packed < 8 ? 0 : ((packed - 8) * 8 + 7) / bitWidth + 1;
    }
    if (bitWidth == 64) {
      return packed >>> 3;
    }
    long words = packed >>> 3;
    return words < 2 ? 0 : ((words - 2) * 64 + 63) / bitWidth + 1;
  }

  static long mask(int bitWidth) {
    return bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
  }

  /** The value starting at {@code bit}, reading only the words it occupies. */
  static long valueAt(long source, long bit, int bitWidth, long mask) {
    long address = source + ((bit >>> 6) << 3);
    int shift = (int) (bit & 63);
    long value = MemoryUtil.getLong(address) >>> shift;
    if (shift + bitWidth > 64) {
      value |= MemoryUtil.getLong(address + 8) << (64 - shift);
    }
    return value & mask;
  }

  private static long pair(long source, long bit, long mask) {
    long address = source + ((bit >>> 6) << 3);
    int shift = (int) (bit & 63);
    long low = MemoryUtil.getLong(address) >>> shift;
    long high = (MemoryUtil.getLong(address + 8) << 1) << (63 - shift);
    return (low | high) & mask;
  }

  private static void windows(long source, int bitWidth, long base, int first, int end, int width, long destination,
      long startBit) {
    long mask = mask(bitWidth);
    long bit = startBit;
    switch (width) {
      case 1:
        for (int row = first; row < end; row++, bit += bitWidth) {
          long value = (MemoryUtil.getLong(source + (bit >>> 3)) >>> (bit & 7)) & mask;
          MemoryUtil.putByte(destination + row, (byte) (base + value));
        }
        break;
      case 2:
        for (int row = first; row < end; row++, bit += bitWidth) {
          long value = (MemoryUtil.getLong(source + (bit >>> 3)) >>> (bit & 7)) & mask;
          MemoryUtil.putShort(destination + 2L * row, (short) (base + value));
        }
        break;
      case 4:
        for (int row = first; row < end; row++, bit += bitWidth) {
          long value = (MemoryUtil.getLong(source + (bit >>> 3)) >>> (bit & 7)) & mask;
          MemoryUtil.putInt(destination + 4L * row, (int) (base + value));
        }
        break;
      case 8:
        for (int row = first; row < end; row++, bit += bitWidth) {
          long value = (MemoryUtil.getLong(source + (bit >>> 3)) >>> (bit & 7)) & mask;
          MemoryUtil.putLong(destination + 8L * row, base + value);
        }
        break;
      default:
        throw new IllegalArgumentException("width " + width);
    }
  }

  /** 58..63 bits: only an eight-byte destination holds them. */
  private static void wordPairs(long source, int bitWidth, long base, int first, int end, int width,
      long destination, long startBit) {
    if (width != 8) {
      throw new IllegalArgumentException("bit width " + bitWidth + " does not fit width " + width);
    }
    long mask = mask(bitWidth);
    long bit = startBit;
    for (int row = first; row < end; row++, bit += bitWidth) {
      MemoryUtil.putLong(destination + 8L * row, base + pair(source, bit, mask));
    }
  }

  private static void words(long source, long base, int first, int end, int width, long destination) {
    if (width != 8) {
      throw new IllegalArgumentException("bit width 64 does not fit width " + width);
    }
    for (int row = first; row < end; row++) {
      MemoryUtil.putLong(destination + 8L * row, base + MemoryUtil.getLong(source + 8L * row));
    }
  }

  private static void store(long address, int width, long value) {
    switch (width) {
      case 1:
        MemoryUtil.putByte(address, (byte) value);
        break;
      case 2:
        MemoryUtil.putShort(address, (short) value);
        break;
      case 4:
        MemoryUtil.putInt(address, (int) value);
        break;
      case 8:
        MemoryUtil.putLong(address, value);
        break;
      default:
        throw new IllegalArgumentException("width " + width);
    }
  }
}
