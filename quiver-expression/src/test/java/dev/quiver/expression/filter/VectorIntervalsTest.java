package dev.quiver.expression.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quiver.common.simd.Simd;
import dev.quiver.testing.TestingAllocator;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The vector interval kernels against a plain reference loop: seeded random values with the extremes
 * (and NaN payloads, -0.0 and infinities for doubles), every row count from 0 to three vectors and
 * one, offsets 0..9, no, some, many and all nulls, bounds drawn from the values (so rows on the
 * bounds are common), empty intervals and negation. The reference compares values, not keys.
 */
public class VectorIntervalsTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private static final double[] SPECIAL_DOUBLES = {Double.NaN, Double.longBitsToDouble(0xFFF8_0000_0000_0001L),
      Double.longBitsToDouble(0x7FF0_0000_0000_0001L), -0.0, 0.0, Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.0};

  private static long seed() {
    long seed = Long.getLong("quiver.seed", System.nanoTime());
    System.out.println("VectorIntervalsTest seed " + seed);
    return seed;
  }

  private static int maximumRows(int bits) {
    return 3 * Math.max(1, Simd.vectorBits() / bits) + 1;
  }

  @Test
  void intsMatchTheReference() {
    assumeTrue(Simd.enabled(), Simd.describe());
    Random random = new Random(seed());
    for (int count = 0; count <= maximumRows(32); count++) {
      for (int round = 0; round < 12; round++) {
        int offset = random.nextInt(10);
        double nulls = nullShare(random);
        try (IntVector vector = new IntVector("v", memory.allocator())) {
          int[] values = new int[offset + count];
          vector.allocateNew(values.length);
          for (int i = 0; i < values.length; i++) {
            values[i] = randomInt(random);
            if (random.nextDouble() < nulls) {
              vector.setNull(i);
            } else {
              vector.set(i, values[i]);
            }
          }
          vector.setValueCount(values.length);
          int low = values.length == 0 ? 0 : values[random.nextInt(values.length)];
          int high = random.nextInt(4) == 0 ? randomInt(random)
              : values.length == 0 ? 0 : values[random.nextInt(values.length)];
          boolean negated = random.nextBoolean();
          int[] expected = new int[count];
          int expectedCount = 0;
          for (int row = 0; row < count; row++) {
            int value = values[offset + row];
            if (!vector.isNull(offset + row) && (value >= low && value <= high) != negated) {
              expected[expectedCount++] = row;
            }
          }
          int[] out = new int[count];
          int passed = VectorIntervals.ints(data(vector, values.length * 4), validity(vector), offset, count, low,
              high, negated, out);
          assertThat(Arrays.copyOf(out, passed)).as("count %d offset %d [%d, %d] negated %s", count, offset, low,
              high, negated).containsExactly(Arrays.copyOf(expected, expectedCount));
        }
      }
    }
  }

  @Test
  void longsMatchTheReference() {
    assumeTrue(Simd.enabled(), Simd.describe());
    Random random = new Random(seed());
    for (int count = 0; count <= maximumRows(64); count++) {
      for (int round = 0; round < 12; round++) {
        int offset = random.nextInt(10);
        double nulls = nullShare(random);
        try (BigIntVector vector = new BigIntVector("v", memory.allocator())) {
          long[] values = new long[offset + count];
          vector.allocateNew(values.length);
          for (int i = 0; i < values.length; i++) {
            values[i] = randomLong(random);
            if (random.nextDouble() < nulls) {
              vector.setNull(i);
            } else {
              vector.set(i, values[i]);
            }
          }
          vector.setValueCount(values.length);
          long low = values.length == 0 ? 0 : values[random.nextInt(values.length)];
          long high = random.nextInt(4) == 0 ? randomLong(random)
              : values.length == 0 ? 0 : values[random.nextInt(values.length)];
          boolean negated = random.nextBoolean();
          int[] expected = new int[count];
          int expectedCount = 0;
          for (int row = 0; row < count; row++) {
            long value = values[offset + row];
            if (!vector.isNull(offset + row) && (value >= low && value <= high) != negated) {
              expected[expectedCount++] = row;
            }
          }
          int[] out = new int[count];
          int passed = VectorIntervals.longs(data(vector, values.length * 8), validity(vector), offset, count, low,
              high, negated, out);
          assertThat(Arrays.copyOf(out, passed)).as("count %d offset %d [%d, %d] negated %s", count, offset, low,
              high, negated).containsExactly(Arrays.copyOf(expected, expectedCount));
        }
      }
    }
  }

  @Test
  void doublesMatchTheReferenceWithNaNAndNegativeZero() {
    assumeTrue(Simd.enabled(), Simd.describe());
    Random random = new Random(seed());
    for (int count = 0; count <= maximumRows(64); count++) {
      for (int round = 0; round < 16; round++) {
        int offset = random.nextInt(10);
        double nulls = nullShare(random);
        try (Float8Vector vector = new Float8Vector("v", memory.allocator())) {
          double[] values = new double[offset + count];
          vector.allocateNew(values.length);
          for (int i = 0; i < values.length; i++) {
            values[i] = randomDouble(random);
            if (random.nextDouble() < nulls) {
              vector.setNull(i);
            } else {
              vector.set(i, values[i]);
            }
          }
          vector.setValueCount(values.length);
          double low = values.length == 0 || random.nextInt(5) == 0 ? randomDouble(random)
              : values[random.nextInt(values.length)];
          double high = values.length == 0 || random.nextInt(5) == 0 ? randomDouble(random)
              : values[random.nextInt(values.length)];
          boolean negated = random.nextBoolean();
          int[] expected = new int[count];
          int expectedCount = 0;
          for (int row = 0; row < count; row++) {
            double value = values[offset + row];
            boolean inside = sqlCompare(value, low) >= 0 && sqlCompare(value, high) <= 0;
            if (!vector.isNull(offset + row) && inside != negated) {
              expected[expectedCount++] = row;
            }
          }
          int[] out = new int[count];
          int passed = VectorIntervals.doubles(data(vector, values.length * 8), validity(vector), offset, count,
              FloatKeys.key(low), FloatKeys.key(high), negated, out);
          assertThat(Arrays.copyOf(out, passed)).as("count %d offset %d [%s, %s] negated %s", count, offset, low,
              high, negated).containsExactly(Arrays.copyOf(expected, expectedCount));
        }
      }
    }
  }

  @Test
  void bitsBecomePositions() {
    Random random = new Random(seed());
    for (int round = 0; round < 2000; round++) {
      int lanes = 1 + random.nextInt(64);
      long bits = random.nextLong();
      int density = random.nextInt(4);
      for (int extra = 0; extra < density; extra++) {
        bits &= random.nextLong();
      }
      bits = lanes == 64 ? bits : bits & ((1L << lanes) - 1);
      int base = random.nextInt(1000);
      int passed = random.nextInt(5);
      int[] out = new int[passed + lanes];
      int[] expected = new int[passed + lanes];
      int expectedCount = passed;
      for (int lane = 0; lane < lanes; lane++) {
        if ((bits & (1L << lane)) != 0) {
          expected[expectedCount++] = base + lane;
        }
      }
      int found = SelectionBits.append(bits, base, lanes, out, passed);
      assertThat(Arrays.copyOfRange(out, passed, found)).as("bits %x lanes %d", bits, lanes)
          .containsExactly(Arrays.copyOfRange(expected, passed, expectedCount));
    }
  }

  @Test
  void validityBitsAtAnyOffset() {
    Random random = new Random(seed());
    try (IntVector vector = new IntVector("v", memory.allocator())) {
      int rows = 200;
      vector.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        if (random.nextBoolean()) {
          vector.set(i, i);
        } else {
          vector.setNull(i);
        }
      }
      vector.setValueCount(rows);
      for (int index = 0; index < 100; index++) {
        for (int lanes = 1; lanes <= 57; lanes++) {
          long expected = 0;
          for (int lane = 0; lane < lanes; lane++) {
            expected |= vector.isNull(index + lane) ? 0 : 1L << lane;
          }
          assertThat(SelectionBits.validity(validity(vector), index, lanes)).as("index %d lanes %d", index, lanes)
              .isEqualTo(expected);
        }
      }
    }
  }

  private static ByteBuffer data(FieldVector vector, int bytes) {
    return vector.getDataBuffer().nioBuffer(0, bytes);
  }

  private static long validity(FieldVector vector) {
    return vector.getValidityBuffer().memoryAddress();
  }

  private static double nullShare(Random random) {
    return new double[] {0, 0, 0.1, 0.5, 1}[random.nextInt(5)];
  }

  private static int randomInt(Random random) {
    return switch (random.nextInt(6)) {
      case 0 -> new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1, Integer.MIN_VALUE + 1}[random.nextInt(6)];
      case 1 -> random.nextInt();
      default -> random.nextInt(100) - 50;
    };
  }

  private static long randomLong(Random random) {
    return switch (random.nextInt(6)) {
      case 0 -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Long.MIN_VALUE + 1}[random.nextInt(6)];
      case 1 -> random.nextLong();
      default -> random.nextInt(100) - 50;
    };
  }

  private static double randomDouble(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> SPECIAL_DOUBLES[random.nextInt(SPECIAL_DOUBLES.length)];
      case 1 -> random.nextGaussian() * 1e6;
      default -> random.nextInt(20) - 10;
    };
  }

  /** SQL order: -0.0 equals 0.0, NaN equals NaN and is above every other value. */
  private static int sqlCompare(double a, double b) {
    if (Double.isNaN(a) || Double.isNaN(b)) {
      return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
    }
    return a == b ? 0 : a < b ? -1 : 1;
  }
}
