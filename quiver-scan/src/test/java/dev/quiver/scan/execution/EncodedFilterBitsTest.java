package dev.quiver.scan.execution;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link EncodedFilter#orBits} (a piece's bitmap copied into a range's at any two bit offsets, a word
 * at a time) against a bit-by-bit copy, at seeded random offsets and lengths including the ends.
 */
class EncodedFilterBitsTest {
  @Test
  void copiesEveryBitAtAnyOffsets() {
    long seed = Long.getLong("quiver.test.seed", System.nanoTime());
    System.out.println("EncodedFilterBitsTest seed " + seed);
    Random random = new Random(seed);
    for (int round = 0; round < 2000; round++) {
      int sourceBits = 1 + random.nextInt(700);
      long[] source = new long[(sourceBits + 63) / 64];
      for (int i = 0; i < sourceBits; i++) {
        if (random.nextBoolean()) {
          source[i >>> 6] |= 1L << i;
        }
      }
      int from = random.nextInt(sourceBits);
      int count = random.nextInt(sourceBits - from + 1);
      int targetBits = count + random.nextInt(200);
      int to = random.nextInt(targetBits - count + 1);
      long[] target = new long[(targetBits + 63) / 64];
      long[] expected = new long[target.length];
      for (int w = 0; w < target.length; w++) {
        target[w] = random.nextInt(4) == 0 ? random.nextLong() : 0;
        expected[w] = target[w];
      }
      for (int i = 0; i < count; i++) {
        int bit = from + i;
        if ((source[bit >>> 6] >>> bit & 1) != 0) {
          int at = to + i;
          expected[at >>> 6] |= 1L << at;
        }
      }
      EncodedFilter.orBits(source, from, target, to, count);
      assertThat(target).as("seed " + seed + ", round " + round + ": " + count + " bits from " + from + " to " + to)
          .containsExactly(expected);
    }
  }
}
