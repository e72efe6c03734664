package dev.quiver.format.encoding;

import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Bit-packing of unsigned values: value i occupies bits {@code [i*w, (i+1)*w)} of a little-endian
 * stream of 64-bit words, so a value straddles at most two words. The packed length is always a
 * whole number of words: {@code ceil(rows * w / 64) * 8} bytes.
 */
final class BitPacking {
  private BitPacking() {}

  private static final int BLOCK = 1024;

  static long packedBytes(long rows, int bitWidth) {
    return ((rows * bitWidth + 63) >>> 6) << 3;
  }

  /** Packs the low {@code bitWidth} bits of {@code values[0, rows)}; higher bits must be zero. */
  static byte[] pack(long[] values, int rows, int bitWidth) {
    int bytes = (int) packedBytes(rows, bitWidth);
    long[] words = new long[bytes >>> 3];
    if (bitWidth > 0) {
      for (int i = 0; i < rows; i++) {
        long bit = (long) i * bitWidth;
        int word = (int) (bit >>> 6);
        int shift = (int) (bit & 63);
        long value = values[i];
        words[word] |= value << shift;
        if (shift + bitWidth > 64) {
          words[word + 1] |= value >>> (64 - shift);
        }
      }
    }
    byte[] out = new byte[bytes];
    for (int w = 0; w < words.length; w++) {
      LittleEndian.putLong(out, 8 * w, words[w]);
    }
    return out;
  }

  /**
   * Unpacks {@code rows} values of {@code bitWidth} bits from {@code source} (which holds {@link
   * #packedBytes} bytes), adds {@code base} and stores them {@code width} bytes each at {@code destination}.
   */
  static void unpack(long source, int bitWidth, long base, int rows, int width, long destination) {
    if (bitWidth == 0) {
      FixedWidthMemory.fill(destination, rows, width, base, 0);
      return;
    }
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

  /**
   * Unpacks the values of rows {@code [first, first + count)} (no base added) into {@code out[0,
   * count)}: random access into a packed stream, for evaluating predicates and taking rows without
   * decoding the whole node. {@code source} holds at least {@code packedBytes(first + count, bitWidth)}
   * bytes.
   */
  static void unpack(long source, int bitWidth, long first, int count, long[] out) {
    if (bitWidth == 0) {
      java.util.Arrays.fill(out, 0, count, 0L);
      return;
    }
    long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
    long bit = first * bitWidth;
    for (int j = 0; j < count; j++, bit += bitWidth) {
      out[j] = valueAt(source, bit, bitWidth, mask);
    }
  }

  /**
   * Unpacks the values of rows {@code [first, first + count)} of a stream of at most 32 bits per value
   * into {@code out[0, count)} (no base added), as {@link #unpack(long, int, long, int, long[])}.
   */
  static void unpackInts(long source, int bitWidth, long first, int count, int[] out) {
    if (bitWidth > 32) {
      throw new IllegalArgumentException("bit width " + bitWidth + " does not fit an int");
    }
    if (bitWidth == 0) {
      java.util.Arrays.fill(out, 0, count, 0);
      return;
    }
    long mask = (1L << bitWidth) - 1;
    long bit = first * bitWidth;
    for (int j = 0; j < count; j++, bit += bitWidth) {
      out[j] = (int) valueAt(source, bit, bitWidth, mask);
    }
  }

  /** The value of {@code row} of a packed stream (no base added). */
  static long get(long source, int bitWidth, long row) {
    if (bitWidth == 0) {
      return 0;
    }
    return valueAt(source, row * bitWidth, bitWidth, bitWidth == 64 ? -1L : (1L << bitWidth) - 1);
  }

  private static long valueAt(long source, long bit, int bitWidth, long mask) {
    long address = source + ((bit >>> 6) << 3);
    int shift = (int) (bit & 63);
    long value = MemoryUtil.getLong(address) >>> shift;
    if (shift + bitWidth > 64) {
      value |= MemoryUtil.getLong(address + 8) << (64 - shift);
    }
    return value & mask;
  }

  private static void store(long[] block, int count, long base, int width, long destination) {
    switch (width) {
      case 1:
        for (int j = 0; j < count; j++) {
          MemoryUtil.putByte(destination + j, (byte) (base + block[j]));
        }
        break;
      case 2:
        for (int j = 0; j < count; j++) {
          MemoryUtil.putShort(destination + 2L * j, (short) (base + block[j]));
        }
        break;
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
