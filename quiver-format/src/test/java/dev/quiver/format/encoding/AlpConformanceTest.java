package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.encoding.TestFloats.FloatDataset;
import dev.quiver.testing.TestingAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ALP and ALP-RD, forced at the top, and the automatic compressor round-trip float32 and float64
 * bit for bit on every float data set (prices, sensor readings, random values and bit patterns,
 * whole numbers, all equal, extremes with subnormals, infinities, -0.0 and NaN payloads, nulls,
 * all null, empty, one row), whole and as a slice of a larger vector. Seeded: the seed is printed
 * and set with {@code -Dquiver.test.seed}.
 */
class AlpConformanceTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final int ROWS = 3000;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @BeforeAll
  static void printSeed() {
    System.out.println("AlpConformanceTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (String kind : new String[] {"ALP", "ALP_RD", "AUTO"}) {
      for (TestColumnType type : new TestColumnType[] {TestColumnType.FLOAT32, TestColumnType.FLOAT64}) {
        for (FloatDataset dataset : FloatDataset.values()) {
          cases.add(Arguments.of(kind, type, dataset, false));
          cases.add(Arguments.of(kind, type, dataset, true));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2} slice={3}")
  @MethodSource("cases")
  void roundTripsBitExactly(String kindName, TestColumnType type, FloatDataset dataset, boolean slice) {
    EncodingKind kind = kindName.equals("AUTO") ? null : EncodingKind.valueOf(kindName);
    long caseSeed = SEED ^ ((long) (kindName + type + dataset + slice).hashCode() * 0x9E3779B97F4A7C15L);
    Random random = new Random(caseSeed);
    String context = "seed " + SEED + ", " + kindName + " " + type + " " + dataset + (slice ? " sliced" : "");
    List<Object> values = TestFloats.generate(type, dataset, random, ROWS);
    int prefix = slice ? 11 : 0;
    List<Object> all = new ArrayList<>();
    for (int i = 0; i < prefix; i++) {
      all.add(TestValues.randomValue(type, random));
    }
    all.addAll(values);
    for (int i = 0; slice && i < 5; i++) {
      all.add(random.nextBoolean() ? null : TestValues.randomValue(type, random));
    }
    EncodingOptions options = kind == null ? EncodingOptions.defaults() : EncodingOptions.defaults().forcing(kind);
    try (FieldVector vector = TestVectors.build(memory.allocator(), type, all, "column")) {
      EncodedChunk chunk = TestVectors.roundTrip(memory.allocator(), vector, prefix, values.size(), options, context);
      if (kind != null) {
        String top = chunk.encodingTree().startsWith("zstd(") ? chunk.encodingTree().substring(5)
            : chunk.encodingTree();
        assertThat(top).as(context).startsWith(NodeRules.label(kind.formatId()) + "(");
      }
    }
  }

  /** Two-decimal prices need almost no exceptions: the digits are the cents. */
  @Test
  void pricesBecomeCentsWithFewExceptions() {
    Random random = new Random(SEED);
    for (TestColumnType type : new TestColumnType[] {TestColumnType.FLOAT32, TestColumnType.FLOAT64}) {
      long[] values = new long[20_000];
      for (int i = 0; i < values.length; i++) {
        values[i] = TestFloats.bits(type.width == 4, TestFloats.price(random));
      }
      PhysicalType physical = type.width == 4 ? PhysicalType.FLOAT32 : PhysicalType.FLOAT64;
      AlpEncoding.Exponents chosen = AlpEncoding.choose(values, values.length, physical);
      int exceptions = 0;
      for (long value : values) {
        long digits = AlpArithmetic.digits(value, physical, chosen.exponent(), chosen.factor());
        exceptions += digits == Long.MIN_VALUE ? 1 : 0;
      }
      System.out.println(type + " prices: " + chosen + ", " + exceptions + " exceptions in " + values.length);
      assertThat(chosen.exponent() - chosen.factor()).as("seed %d, %s", SEED, type).isEqualTo(2);
      assertThat(exceptions).as("seed %d, %s", SEED, type).isLessThan(values.length / 100);
    }
  }

  /** The values ALP can never keep as digits: NaNs, infinities and -0.0 decode to other bits. */
  @Test
  void nonFiniteValuesAndNegativeZeroAreAlwaysExceptions() {
    long[] doubles = {0x7FF8000000000000L, 0x7FF0000000000001L, 0xFFF8000000000123L, 0x7FF0000000000000L,
        0xFFF0000000000000L, 0x8000000000000000L};
    for (int exponent = 0; exponent <= AlpArithmetic.MAXIMUM_DOUBLE_EXPONENT; exponent++) {
      for (int factor = 0; factor <= exponent; factor++) {
        for (long bits : doubles) {
          assertThat(AlpArithmetic.digits(bits, PhysicalType.FLOAT64, exponent, factor))
              .as("%x under e=%d f=%d", bits, exponent, factor).isEqualTo(Long.MIN_VALUE);
        }
      }
    }
    int[] floats = {0x7FC00000, 0x7F800001, 0xFFC00123, 0x7F800000, 0xFF800000, 0x80000000};
    for (int exponent = 0; exponent <= AlpArithmetic.MAXIMUM_FLOAT_EXPONENT; exponent++) {
      for (int factor = 0; factor <= exponent; factor++) {
        for (int bits : floats) {
          assertThat(AlpArithmetic.digits(bits, PhysicalType.FLOAT32, exponent, factor))
              .as("%x under e=%d f=%d", bits, exponent, factor).isEqualTo(Long.MIN_VALUE);
        }
      }
    }
  }
}
