package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.encoding.TestValues.Dataset;
import dev.quiver.testing.TestingAllocator;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link EncodedIntegers} against the plain decode path: for every integer-like type (int8 to int64,
 * date32, timestamps, decimals), every encoding forced at the top that takes it (and the automatic
 * compressor) and every data set, {@code select} of many predicates (empty, full, at the minimum and
 * maximum, random intervals, negated, IN lists, bounds outside the type's range) equals evaluating
 * the decoded vector row by row, and {@code sum} (whole and over each selection) equals the sum,
 * count, minimum and maximum of the decoded selected rows. Seeded: the seed is printed and set with
 * {@code -Dquiver.test.seed}.
 */
class EncodedIntegersConformanceTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final List<TestColumnType> TYPES = List.of(TestColumnType.INT8, TestColumnType.INT16,
      TestColumnType.INT32, TestColumnType.INT64, TestColumnType.DATE32, TestColumnType.TIMESTAMP_SECOND,
      TestColumnType.TIMESTAMP_NANO_ZONED, TestColumnType.DECIMAL_SMALL, TestColumnType.DECIMAL_LARGE);

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @BeforeAll
  static void printSeed() {
    System.out.println("EncodedIntegersConformanceTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED
        + ")");
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (TestColumnType type : TYPES) {
      List<String> kinds = new ArrayList<>(List.of("AUTO"));
      for (EncodingKind kind : EncodingKind.values()) {
        if (kind.accepts(type.arrowType)) {
          kinds.add(kind.name());
        }
      }
      for (String kind : kinds) {
        for (Dataset dataset : Dataset.values()) {
          cases.add(Arguments.of(kind, type, dataset));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("cases")
  void selectAndSumEqualTheDecodedValues(String kindName, TestColumnType type, Dataset dataset) {
    long caseSeed = SEED ^ ((long) (kindName + type + dataset).hashCode() * 0x9E3779B97F4A7C15L);
    Random random = new Random(caseSeed);
    List<Object> values = TestValues.generate(type, dataset, random);
    EncodingOptions options = kindName.equals("AUTO") ? EncodingOptions.defaults()
        : EncodingOptions.defaults().forcing(EncodingKind.valueOf(kindName));
    try (FieldVector vector = TestVectors.build(memory.allocator(), type, values, "column")) {
      EncodedChunk chunk;
      try {
        chunk = ChunkCodec.encode(vector, 0, values.size(), options);
      } catch (dev.quiver.common.QuiverException refused) {
        return; // the forced encoding cannot take these values (EncodingConformanceTest checks that)
      }
      String context = "seed " + SEED + ", " + kindName + " " + type + " " + dataset + ", tree "
          + chunk.encodingTree();
      try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), chunk.encodedBytes());
          FieldVector decoded = ChunkCodec.decode(segment, vector.getField(), memory.allocator(), "test");
          EncodedIntegers integers = ChunkCodec.openIntegers(segment, vector.getField(), memory.allocator(),
              "test")) {
        boolean decimal = type.arrowType instanceof ArrowType.Decimal;
        if (decimal && !chunk.encodingTree().startsWith("scaled")) {
          assertThat(integers).as(context).isNull();
          return;
        }
        assertThat(integers).as(context).isNotNull();
        assertThat(integers.rows()).as(context).isEqualTo(values.size());
        assertThat(integers.nullCount()).as(context).isEqualTo(decoded.getNullCount());
        Long[] keys = keys(decoded, type);
        assertSum(integers.sum(null), keys, null, context + ", sum of all");
        long[] bitmap = new long[(values.size() + 63) / 64 + 1];
        for (Probe probe : probes(keys, type, random)) {
          int passed = integers.select(probe.lower, probe.upper, probe.negated, probe.members, bitmap);
          boolean[] expected = new boolean[keys.length];
          int expectedCount = 0;
          for (int i = 0; i < keys.length; i++) {
            expected[i] = keys[i] != null && probe.inside(keys[i]) != probe.negated;
            expectedCount += expected[i] ? 1 : 0;
          }
          String where = context + ", " + probe;
          for (int i = 0; i < keys.length; i++) {
            assertThat((bitmap[i >>> 6] >>> i & 1) != 0).as(where + ", row " + i + " = " + keys[i])
                .isEqualTo(expected[i]);
          }
          if ((keys.length & 63) != 0) {
            assertThat(bitmap[keys.length >>> 6] >>> (keys.length & 63)).as(where + ", bits past the rows").isZero();
          }
          assertThat(passed).as(where).isEqualTo(expectedCount);
          assertSum(integers.sum(bitmap), keys, expected, where + ", sum");
        }
      }
    }
  }

  /** Each row's key as the decoded vector holds it (null rows null). */
  static Long[] keys(FieldVector decoded, TestColumnType type) {
    Long[] keys = new Long[decoded.getValueCount()];
    long data = decoded.getDataBuffer().memoryAddress();
    for (int i = 0; i < keys.length; i++) {
      if (decoded.isNull(i)) {
        continue;
      }
      keys[i] = switch (type.width) {
        case 1 -> (long) MemoryUtil.getByte(data + i);
        case 2 -> (long) MemoryUtil.getShort(data + 2L * i);
        case 4 -> (long) MemoryUtil.getInt(data + 4L * i);
        case 8 -> MemoryUtil.getLong(data + 8L * i);
        default -> MemoryUtil.getLong(data + 16L * i); // scaled decimals: the high half is the sign
      };
    }
    return keys;
  }

  private static void assertSum(IntegerSummary summary, Long[] keys, boolean[] selected, String context) {
    long count = 0;
    BigInteger sum = BigInteger.ZERO;
    long minimum = Long.MAX_VALUE;
    long maximum = Long.MIN_VALUE;
    for (int i = 0; i < keys.length; i++) {
      if (keys[i] != null && (selected == null || selected[i])) {
        count++;
        sum = sum.add(BigInteger.valueOf(keys[i]));
        minimum = Math.min(minimum, keys[i]);
        maximum = Math.max(maximum, keys[i]);
      }
    }
    assertThat(summary.count()).as(context + " count").isEqualTo(count);
    assertThat(summary.sum()).as(context + " sum").isEqualTo(sum);
    assertThat(summary.sumFitsLong()).as(context + " fits").isEqualTo(sum.bitLength() < 64);
    assertThat(summary.minimum()).as(context + " minimum").isEqualTo(minimum);
    assertThat(summary.maximum()).as(context + " maximum").isEqualTo(maximum);
  }

  /** A predicate to evaluate. */
  private record Probe(long lower, long upper, boolean negated, long[] members) {
    boolean inside(long key) {
      if (members == null) {
        return key >= lower && key <= upper;
      }
      return Arrays.stream(members).anyMatch(member -> member == key);
    }

    @Override
    public String toString() {
      return (negated ? "NOT " : "") + (members == null ? "[" + lower + ", " + upper + "]"
          : "IN " + Arrays.toString(members));
    }
  }

  private static List<Probe> probes(Long[] keys, TestColumnType type, Random random) {
    List<Long> present = Arrays.stream(keys).filter(key -> key != null).sorted().toList();
    long minimum = present.isEmpty() ? 0 : present.get(0);
    long maximum = present.isEmpty() ? 0 : present.get(present.size() - 1);
    long typeMaximum = type.width == 1 ? Byte.MAX_VALUE : type.width == 2 ? Short.MAX_VALUE
        : type.width == 4 ? Integer.MAX_VALUE : Long.MAX_VALUE;
    long typeMinimum = -typeMaximum - 1;
    List<Probe> probes = new ArrayList<>();
    for (boolean negated : new boolean[] {false, true}) {
      probes.add(new Probe(Long.MIN_VALUE, Long.MAX_VALUE, negated, null));
      probes.add(new Probe(Long.MAX_VALUE, Long.MIN_VALUE, negated, null));
      probes.add(new Probe(minimum, minimum, negated, null));
      probes.add(new Probe(maximum, maximum, negated, null));
      probes.add(new Probe(Long.MIN_VALUE, minimum, negated, null));
      probes.add(new Probe(maximum, Long.MAX_VALUE, negated, null));
      probes.add(new Probe(minimum + 1, maximum - 1, negated, null));
      if (typeMaximum < Long.MAX_VALUE) {
        probes.add(new Probe(typeMaximum + 1, Long.MAX_VALUE, negated, null));
        probes.add(new Probe(Long.MIN_VALUE, typeMinimum - 1, negated, null));
        probes.add(new Probe(typeMinimum - 5, typeMaximum + 5, negated, null));
      }
      for (int k = 0; k < 4; k++) {
        long a = pick(present, random);
        long b = pick(present, random);
        probes.add(new Probe(Math.min(a, b), Math.max(a, b), negated, null));
      }
      probes.add(new Probe(pick(present, random), pick(present, random) - 1 - random.nextInt(3), negated, null));
      probes.add(new Probe(0, 0, negated, new long[0]));
      probes.add(new Probe(0, 0, negated, new long[] {pick(present, random)}));
      long[] few = new long[3 + random.nextInt(4)];
      for (int k = 0; k < few.length; k++) {
        few[k] = random.nextInt(4) == 0 ? random.nextLong() : pick(present, random);
      }
      probes.add(new Probe(0, 0, negated, few));
      long[] many = new long[20 + random.nextInt(20)];
      for (int k = 0; k < many.length; k++) {
        many[k] = random.nextInt(5) == 0 ? typeMaximum + 1 + random.nextInt(5) : pick(present, random);
      }
      probes.add(new Probe(0, 0, negated, many));
    }
    return probes;
  }

  private static long pick(List<Long> present, Random random) {
    return present.isEmpty() ? random.nextInt(100) : present.get(random.nextInt(present.size()));
  }

  @Test
  void typesThatAreNotIntegersOpenAsNull() {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      values.add((long) Double.doubleToLongBits(i * 0.5));
    }
    try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.FLOAT64, values, "column");
        ArrowBuf segment = TestVectors.toSegment(memory.allocator(),
            ChunkCodec.encode(vector, 0, values.size(), EncodingOptions.defaults()).encodedBytes())) {
      assertThat(ChunkCodec.openIntegers(segment, vector.getField(), memory.allocator(), "test")).isNull();
    }
  }
}
