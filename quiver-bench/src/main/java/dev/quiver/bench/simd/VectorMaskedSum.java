package dev.quiver.bench.simd;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/** {@link MaskedSum} with the Vector API: compare a vector of keys, add the values under the mask. */
public final class VectorMaskedSum {
  private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;

  private VectorMaskedSum() {}

  /** {@code sum(values[i]) where low <= keys[i] <= high} for i in {@code [0, count)}. */
  public static long sum(long[] keys, long[] values, int count, long low, long high) {
    LongVector sums = LongVector.zero(LONGS);
    int bound = LONGS.loopBound(count);
    int i = 0;
    for (; i < bound; i += LONGS.length()) {
      LongVector key = LongVector.fromArray(LONGS, keys, i);
      VectorMask<Long> inside = key.compare(VectorOperators.GE, low).and(key.compare(VectorOperators.LE, high));
      sums = sums.add(LongVector.fromArray(LONGS, values, i), inside);
    }
    return sums.reduceLanes(VectorOperators.ADD) + MaskedSum.scalar(keys, values, i, count, low, high);
  }
}
