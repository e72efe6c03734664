package dev.quiver.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.exec.keys.KeyKind;
import dev.quiver.testing.TestingAllocator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The sums of one group's rows ({@link ExactSumAccumulator#updateOneGroup}, the path runs of one group take too)
 * equal exact arithmetic when NULL rows keep a value behind them (Arrow leaves the data of a NULL slot as it was),
 * with values past 64 bits mixed in, for decimals and 64-bit integers.
 */
class ExactSumAccumulatorTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void sumsSkipNullRowsWhateverTheirDataHolds() {
    System.out.println("ExactSumAccumulatorTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
    Random random = new Random(SEED);
    for (int round = 0; round < 40; round++) {
      int count = 1 + random.nextInt(3000);
      boolean wide = random.nextInt(4) == 0;
      boolean positive = random.nextBoolean(); // else a NULL row's negative value would send the run the slow way
      int[] rows = new int[count];
      int[] groups = new int[count];
      for (int i = 0; i < count; i++) {
        rows[i] = count - 1 - i; // any order
      }
      BigInteger expectedDecimal = BigInteger.ZERO;
      BigInteger expectedLong = BigInteger.ZERO;
      try (DecimalVector decimals = new DecimalVector("d", memory.allocator(), 38, 2);
          BigIntVector longs = new BigIntVector("l", memory.allocator());
          DecimalVector sumOut = new DecimalVector("s", memory.allocator(), 38, 2);
          DecimalVector longOut = new DecimalVector("t", memory.allocator(), 38, 0)) {
        decimals.allocateNew(count);
        longs.allocateNew(count);
        for (int i = 0; i < count; i++) {
          long value = positive ? random.nextInt(1_000_000)
              : random.nextBoolean() ? random.nextLong() : random.nextInt(1_000_000) - 500_000;
          BigInteger decimal = wide && random.nextInt(50) == 0 ? BigInteger.ONE.shiftLeft(70).add(BigInteger.valueOf(i))
              : BigInteger.valueOf(value);
          decimals.set(i, new BigDecimal(decimal, 2));
          longs.set(i, value);
          if (random.nextInt(6) == 0) { // the value stays behind the cleared bit
            decimals.setNull(i);
            longs.setNull(i);
          } else {
            expectedDecimal = expectedDecimal.add(decimal);
            expectedLong = expectedLong.add(BigInteger.valueOf(value));
          }
        }
        decimals.setValueCount(count);
        longs.setValueCount(count);
        ExactSumAccumulator decimalSum = new ExactSumAccumulator(KeyKind.DECIMAL, 2, false);
        ExactSumAccumulator longSum = new ExactSumAccumulator(KeyKind.INT64, 0, false);
        decimalSum.ensureGroups(1);
        longSum.ensureGroups(1);
        decimalSum.updateOneGroup(0, groups, decimals, rows, count);
        longSum.updateOneGroup(0, groups, longs, rows, count);
        decimalSum.write(sumOut, new int[] {0}, 1);
        longSum.write(longOut, new int[] {0}, 1);
        String context = "seed " + SEED + " round " + round;
        assertThat(decimals.getNullCount() == count ? null : sumOut.getObject(0)).as(context)
            .isEqualTo(decimals.getNullCount() == count ? null : new BigDecimal(expectedDecimal, 2));
        assertThat(longs.getNullCount() == count ? null : longOut.getObject(0)).as(context)
            .isEqualTo(longs.getNullCount() == count ? null : new BigDecimal(expectedLong, 0));
      }
    }
  }
}
