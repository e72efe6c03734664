package dev.quiver.format.encoding;

/**
 * The bit-unpacking kernels behind the frame-of-reference decode, public for the benchmarks
 * ({@code dev.quiver.bench.simd.BitUnpackBenchmark}) and nothing else: the chosen path, the scalar loops,
 * and the vector kernel, over a stream packed by {@link #pack}.
 */
public final class BitUnpackingKernels {
  private BitUnpackingKernels() {}

  /** The packed length of {@code rows} values of {@code bitWidth} bits. */
  public static long packedBytes(long rows, int bitWidth) {
    return BitPacking.packedBytes(rows, bitWidth);
  }

  /** Packs the low {@code bitWidth} bits of {@code values[0, rows)}; higher bits must be zero. */
  public static byte[] pack(long[] values, int rows, int bitWidth) {
    return BitPacking.pack(values, rows, bitWidth);
  }

  /** The decode's own choice (vector or scalar per bit width and destination width). */
  public static void unpack(long source, int bitWidth, long base, int rows, int width, long destination) {
    BitPacking.unpack(source, bitWidth, base, rows, width, destination);
  }

  /** The scalar loops; {@code bitWidth} is 1..64. */
  public static void unpackScalar(long source, int bitWidth, long base, int rows, int width, long destination) {
    ScalarBitUnpacking.unpack(source, bitWidth, base, 0, rows, width, destination);
  }

  /** Whether {@link #unpackVector} takes these widths in this JVM (loads the Vector API). */
  public static boolean vectorHandles(int bitWidth, int width) {
    return VectorBitUnpacking.handles(bitWidth, width);
  }

  /** The vector kernel, for widths it {@linkplain #vectorHandles handles}. */
  public static void unpackVector(long source, int bitWidth, long base, int rows, int width, long destination) {
    if (!VectorBitUnpacking.handles(bitWidth, width)) {
      throw new IllegalArgumentException("the vector kernel does not unpack " + bitWidth + " bits into " + width
          + " bytes");
    }
    VectorBitUnpacking.unpack(source, bitWidth, base, rows, width, destination);
  }
}
