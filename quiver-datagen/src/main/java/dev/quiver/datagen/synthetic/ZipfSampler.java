package dev.quiver.datagen.synthetic;

import java.util.SplittableRandom;

/**
 * Draws ranks {@code 0..n-1} with Zipf's law: rank r has weight {@code 1 / (r + 1)^exponent}. The
 * cumulative weights are computed once; a draw is a binary search. Immutable and thread-safe (the
 * random source is the caller's).
 */
public final class ZipfSampler {
  private final double[] cumulative;

  public ZipfSampler(int n, double exponent) {
    if (n < 1) {
      throw new IllegalArgumentException("n must be positive: " + n);
    }
    cumulative = new double[n];
    double total = 0;
    for (int rank = 0; rank < n; rank++) {
      total += 1.0 / Math.pow(rank + 1, exponent);
      cumulative[rank] = total;
    }
    for (int rank = 0; rank < n; rank++) {
      cumulative[rank] /= total;
    }
  }

  /** How many ranks there are. */
  public int size() {
    return cumulative.length;
  }

  /** A rank, 0 the most frequent. */
  public int next(SplittableRandom random) {
    double target = random.nextDouble();
    int low = 0;
    int high = cumulative.length - 1;
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (cumulative[middle] < target) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }
}
