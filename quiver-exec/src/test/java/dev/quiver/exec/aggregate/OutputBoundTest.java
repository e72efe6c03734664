package dev.quiver.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link OutputBound#kth}: the k-th best of random values (many ties, negatives), against a sort. */
class OutputBoundTest {
  private final long seed = Long.getLong("quiver.outputbound.seed", 20_261_207L);

  @Test
  void kthIsTheKthOfTheSortedValues() {
    System.out.println("OutputBoundTest seed " + seed + " (-Dquiver.outputbound.seed=" + seed + ")");
    Random random = new Random(seed);
    for (int round = 0; round < 500; round++) {
      int count = 1 + random.nextInt(2_000);
      int spread = 1 + random.nextInt(round % 2 == 0 ? 5 : 1_000_000);
      long[] values = new long[count + random.nextInt(5)]; // longer than count: the tail is not read
      for (int i = 0; i < values.length; i++) {
        values[i] = random.nextInt(spread) - spread / 3;
      }
      int k = 1 + random.nextInt(count);
      long[] sorted = Arrays.copyOf(values, count);
      Arrays.sort(sorted);
      assertThat(OutputBound.kth(values, count, k, false)).as("round %d, smallest %d of %d", round, k, count)
          .isEqualTo(sorted[k - 1]);
      assertThat(OutputBound.kth(values, count, k, true)).as("round %d, largest %d of %d", round, k, count)
          .isEqualTo(sorted[count - k]);
    }
  }

  @Test
  void keepsAtLeastOneRow() {
    assertThatThrownBy(() -> new OutputBound(0, true, 0, true)).isInstanceOf(IllegalArgumentException.class);
  }
}
