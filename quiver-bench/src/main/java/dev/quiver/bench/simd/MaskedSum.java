package dev.quiver.bench.simd;

import dev.quiver.common.simd.Simd;

/**
 * A Q6-shaped masked sum, {@code sum(values[i]) where low <= keys[i] <= high}, over heap arrays: the
 * scalar loop (no branch: the value or zero is added) and, through {@link VectorMaskedSum}, a masked
 * vector add. A kernel for measurement only: the engine's aggregates sum into groups with exact
 * 128-bit arithmetic (quiver-exec's {@code ExactSumAccumulator}), not a plain masked sum, so this is
 * not wired into them (docs/EXPRESSIONS.md, "SIMD"). Sums wrap on overflow, as {@code long} adds do.
 */
public final class MaskedSum {
  private MaskedSum() {}

  /** The sum on the path this JVM chose ({@link Simd#enabled()}). */
  public static long sum(long[] keys, long[] values, int count, long low, long high) {
    return Simd.enabled() ? VectorMaskedSum.sum(keys, values, count, low, high)
        : scalar(keys, values, count, low, high);
  }

  /** The scalar loop. */
  public static long scalar(long[] keys, long[] values, int count, long low, long high) {
    return scalar(keys, values, 0, count, low, high);
  }

  /** The scalar loop over {@code [from, count)}. */
  static long scalar(long[] keys, long[] values, int from, int count, long low, long high) {
    long sum = 0;
    for (int i = from; i < count; i++) {
      long key = keys[i];
      sum += key >= low && key <= high ? values[i] : 0;
    }
    return sum;
  }
}
