package dev.quiver.bench.simd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Both masked sums against a reference loop: every count up to three vectors and one, extremes, wrapping. */
public class MaskedSumTest {
  @Test
  void bothPathsEqualTheReference() {
    long seed = Long.getLong("quiver.seed", System.nanoTime());
    System.out.println("MaskedSumTest seed " + seed);
    Random random = new Random(seed);
    long[] extremes = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1};
    for (int count = 0; count <= 3 * 8 + 1; count++) {
      for (int round = 0; round < 50; round++) {
        long[] keys = new long[count];
        long[] values = new long[count];
        for (int i = 0; i < count; i++) {
          keys[i] = random.nextInt(3) == 0 ? extremes[random.nextInt(extremes.length)] : random.nextInt(20) - 10;
          values[i] = random.nextInt(4) == 0 ? extremes[random.nextInt(extremes.length)] : random.nextLong();
        }
        long low = random.nextInt(24) - 12;
        long high = random.nextInt(5) == 0 ? Long.MAX_VALUE : random.nextInt(24) - 12;
        long expected = 0;
        for (int i = 0; i < count; i++) {
          if (keys[i] >= low && keys[i] <= high) {
            expected += values[i];
          }
        }
        assertThat(MaskedSum.scalar(keys, values, count, low, high)).isEqualTo(expected);
        assertThat(VectorMaskedSum.sum(keys, values, count, low, high)).isEqualTo(expected);
        assertThat(MaskedSum.sum(keys, values, count, low, high)).isEqualTo(expected);
      }
    }
  }
}
