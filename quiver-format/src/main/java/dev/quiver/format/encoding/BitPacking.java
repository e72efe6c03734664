package dev.quiver.format.encoding;

import dev.quiver.common.simd.Simd;

/**
 * Bit-packing of unsigned values: value i occupies bits {@code [i*w, (i+1)*w)} of a little-endian
 * stream of 64-bit words, so a value straddles at most two words. The packed length is always a
 * whole number of words: {@code ceil(rows * w / 64) * 8} bytes.
 */
final class BitPacking {
  private BitPacking() {}

  /**
   * The bit widths whose whole-stream unpack into 4-byte values is faster vectorized (BENCHMARKS.md), as
   * {@link #vectorWidths} counts them.
   */
  static final long MEASURED_INTS = -1L;
  /**
   * The same for 8-byte values: every bit width (1..32 in int lanes widened, 33..64 in long lanes, faster
   * than the scalar loop in two of the three measurements of BENCHMARKS.md, "Issue 13: bit-unpacking").
   */
  static final long MEASURED_LONGS = -1L;
  /** Whether row ranges of at most 32 bits ({@link #unpackInts}, and into longs) take the vector kernel. */
  static final boolean VECTOR_RANGES = Simd.enabled();
  /** The fewest rows of a range for the vector kernel: below, wrapping the memory in a buffer costs more. */
  static final int VECTOR_RANGE_ROWS = 128;
  private static final long VECTOR_INTS = vectorWidths(4, MEASURED_INTS);
  private static final long VECTOR_LONGS = vectorWidths(8, MEASURED_LONGS);

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
   * Runs {@link VectorBitUnpacking} where {@link #vectorChosen} says so, else {@link ScalarBitUnpacking}.
   */
  static void unpack(long source, int bitWidth, long base, int rows, int width, long destination) {
    if (bitWidth == 0) {
      FixedWidthMemory.fill(destination, rows, width, base, 0);
      return;
    }
    if (vectorChosen(bitWidth, width)) {
      VectorBitUnpacking.unpack(source, bitWidth, base, rows, width, destination);
    } else {
      ScalarBitUnpacking.unpack(source, bitWidth, base, 0, rows, width, destination);
    }
  }

  /** Whether {@link #unpack(long, int, long, int, int, long)} runs the vector kernel for these widths. */
  static boolean vectorChosen(int bitWidth, int width) {
    long widths = width == 4 ? VECTOR_INTS : width == 8 ? VECTOR_LONGS : 0;
    return ((widths >>> (bitWidth & 63)) & 1) != 0;
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
    if (count >= VECTOR_RANGE_ROWS && VECTOR_RANGES && VectorBitUnpacking.handlesRanges(bitWidth, true)) {
      VectorBitUnpacking.unpackRange(source, bitWidth, first, count, out);
    } else {
      ScalarBitUnpacking.unpack(source, bitWidth, first, count, out, 0);
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
    if (count >= VECTOR_RANGE_ROWS && VECTOR_RANGES && VectorBitUnpacking.handlesRanges(bitWidth, false)) {
      VectorBitUnpacking.unpackRange(source, bitWidth, first, count, out);
    } else {
      ScalarBitUnpacking.unpackInts(source, bitWidth, first, count, out, 0);
    }
  }

  /** The value of {@code row} of a packed stream (no base added). */
  static long get(long source, int bitWidth, long row) {
    if (bitWidth == 0) {
      return 0;
    }
    return ScalarBitUnpacking.valueAt(source, row * bitWidth, bitWidth, ScalarBitUnpacking.mask(bitWidth));
  }

  /**
   * The bit widths that the vector kernel unpacks into {@code width}-byte values, among {@code measured}: bit
   * {@code w} stands for {@code w} bits, bit 0 for 64 (a width of 0 bits never reaches a kernel).
   */
  private static long vectorWidths(int width, long measured) {
    if (!Simd.enabled()) {
      return 0;
    }
    long widths = 0;
    for (int bitWidth = 1; bitWidth <= 8 * width; bitWidth++) {
      if (VectorBitUnpacking.handles(bitWidth, width)) {
        widths |= 1L << (bitWidth & 63);
      }
    }
    return widths & measured;
  }
}
