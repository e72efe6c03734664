package dev.quiver.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.exec.keys.KeyKind;
import dev.quiver.testing.TestingAllocator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The sums of one group's rows ({@link ExactSumAccumulator#updateOneGroup}, the path runs of one group take too)
 * equal exact arithmetic when NULL rows keep a value behind them (Arrow leaves the data of a NULL slot as it was),
 * with values past 64 bits mixed in, for decimals and 64-bit integers; and integers of 8, 16 and 32 bits, read straight
 * from memory, summed per group ({@link ExactSumAccumulator#update}) and for one group, at their extremes.
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
      boolean withNulls = random.nextInt(3) > 0; // else the loops without validity tests run
      boolean smallOfBothSigns = random.nextBoolean();
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
          // small values of both signs (sums near zero, which cross 2^64 in the 128-bit arithmetic) or any longs
          long value = positive ? random.nextInt(1_000_000)
              : smallOfBothSigns || random.nextBoolean() ? random.nextInt(1_000_000) - 500_000 : random.nextLong();
          BigInteger decimal = wide && random.nextInt(50) == 0 ? BigInteger.ONE.shiftLeft(70).add(BigInteger.valueOf(i))
              : BigInteger.valueOf(value);
          decimals.set(i, new BigDecimal(decimal, 2));
          longs.set(i, value);
          if (withNulls && random.nextInt(6) == 0) { // the value stays behind the cleared bit
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

  @Test
  void narrowIntegersSumExactlyPerGroupAndForOneGroup() {
    System.out.println("ExactSumAccumulatorTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
    Random random = new Random(SEED + 1);
    for (int round = 0; round < 60; round++) {
      int width = new int[] {1, 2, 4}[round % 3];
      int count = 1 + random.nextInt(5000);
      int groupCount = 1 + random.nextInt(7);
      boolean nulls = random.nextBoolean();
      long limit = width == 1 ? Byte.MAX_VALUE : width == 2 ? Short.MAX_VALUE : Integer.MAX_VALUE;
      int[] rows = new int[count];
      int[] groups = new int[count];
      int[] zeros = new int[count];
      BigInteger[] expected = new BigInteger[groupCount];
      java.util.Arrays.fill(expected, BigInteger.ZERO);
      BigInteger expectedAll = BigInteger.ZERO;
      boolean[] groupHasValue = new boolean[groupCount];
      long[] values = new long[count];
      boolean[] isNull = new boolean[count];
      boolean anyValue = false;
      for (int i = 0; i < count; i++) {
        rows[i] = random.nextInt(count); // rows repeat and come in any order
        groups[i] = random.nextInt(groupCount);
        int extreme = random.nextInt(3);
        values[i] = extreme == 0 ? limit : extreme == 1 ? -limit - 1 : random.nextLong() % limit;
        isNull[i] = nulls && random.nextInt(4) == 0;
      }
      KeyKind kind = width == 1 ? KeyKind.INT8 : width == 2 ? KeyKind.INT16 : KeyKind.INT32;
      try (BaseFixedWidthVector vector = width == 1 ? new TinyIntVector("v", memory.allocator())
          : width == 2 ? new SmallIntVector("v", memory.allocator()) : new IntVector("v", memory.allocator());
          DecimalVector perGroup = new DecimalVector("g", memory.allocator(), 38, 0);
          DecimalVector oneGroup = new DecimalVector("o", memory.allocator(), 38, 0)) {
        vector.allocateNew(count);
        for (int i = 0; i < count; i++) {
          switch (width) {
            case 1 -> ((TinyIntVector) vector).set(i, (byte) values[i]);
            case 2 -> ((SmallIntVector) vector).set(i, (short) values[i]);
            default -> ((IntVector) vector).set(i, (int) values[i]);
          }
          if (isNull[i]) {
            vector.setNull(i); // the value stays behind the cleared bit
          }
        }
        vector.setValueCount(count);
        for (int i = 0; i < count; i++) {
          int row = rows[i];
          if (!isNull[row]) {
            expected[groups[i]] = expected[groups[i]].add(BigInteger.valueOf(values[row]));
            expectedAll = expectedAll.add(BigInteger.valueOf(values[row]));
            groupHasValue[groups[i]] = true;
            anyValue = true;
          }
        }
        ExactSumAccumulator grouped = new ExactSumAccumulator(kind, 0, false);
        ExactSumAccumulator single = new ExactSumAccumulator(kind, 0, false);
        grouped.ensureGroups(groupCount);
        single.ensureGroups(1);
        grouped.update(groups, vector, rows, count);
        single.updateOneGroup(0, zeros, vector, rows, count);
        int[] ids = new int[groupCount];
        for (int g = 0; g < groupCount; g++) {
          ids[g] = g;
        }
        grouped.write(perGroup, ids, groupCount);
        single.write(oneGroup, new int[] {0}, 1);
        String context = "seed " + SEED + " round " + round + " width " + width;
        assertThat(oneGroup.getObject(0)).as(context).isEqualTo(anyValue ? new BigDecimal(expectedAll) : null);
        for (int g = 0; g < groupCount; g++) {
          assertThat(perGroup.getObject(g)).as(context + " group " + g)
              .isEqualTo(groupHasValue[g] ? new BigDecimal(expected[g]) : null);
        }
      }
    }
  }
}
