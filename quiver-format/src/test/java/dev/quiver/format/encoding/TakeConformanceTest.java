package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.format.encoding.TestValues.Dataset;
import dev.quiver.testing.TestingAllocator;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ChunkCodec#take} equals {@link ChunkCodec#decode} followed by a gather of the same rows, for
 * every encoding forced at the top (and the compressor's own choice, which nests encodings) over
 * every type it accepts and every data set of the conformance suite (nulls, empty, all equal, runs,
 * sparse, ...), at many position sets: none, one, the first row, the last, all, dense, sparse,
 * repeated. Bad positions are USER errors. Seeded: the seed is printed and set with {@code
 * -Dquiver.test.seed}.
 */
class TakeConformanceTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @BeforeAll
  static void printSeed() {
    System.out.println("TakeConformanceTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
  }

  static Stream<Arguments> cases() {
    List<String> kinds = new ArrayList<>();
    kinds.add("AUTO");
    for (EncodingKind kind : EncodingKind.values()) {
      kinds.add(kind.name());
    }
    List<Arguments> cases = new ArrayList<>();
    for (TestColumnType type : TestColumnType.values()) {
      for (String kind : kinds) {
        if (!kind.equals("AUTO") && !EncodingKind.valueOf(kind).accepts(type.arrowType)) {
          continue;
        }
        for (Dataset dataset : Dataset.values()) {
          cases.add(Arguments.of(kind, type, dataset));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("cases")
  void takeEqualsDecodeThenGather(String kindName, TestColumnType type, Dataset dataset) {
    EncodingKind kind = kindName.equals("AUTO") ? null : EncodingKind.valueOf(kindName);
    long caseSeed = SEED ^ ((long) (kindName + type + dataset).hashCode() * 0x9E3779B97F4A7C15L);
    Random random = new Random(caseSeed);
    List<Object> values = TestValues.generate(type, dataset, random);
    if (kind != null && !takes(kind, values)) {
      return; // the encoding refuses these values (EncodingConformanceTest checks that)
    }
    EncodingOptions options = kind == null ? EncodingOptions.defaults() : EncodingOptions.defaults().forcing(kind);
    try (FieldVector vector = TestVectors.build(memory.allocator(), type, values, "column")) {
      EncodedChunk chunk = ChunkCodec.encode(vector, 0, values.size(), options);
      String context = "seed " + SEED + ", " + kindName + " " + type + " " + dataset + ", tree "
          + chunk.encodingTree();
      try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), chunk.encodedBytes());
          FieldVector decoded = ChunkCodec.decode(segment, vector.getField(), memory.allocator(), "test")) {
        for (Map.Entry<String, int[]> set : positionSets(values.size(), random).entrySet()) {
          int[] positions = set.getValue();
          try (FieldVector taken = ChunkCodec.take(segment, vector.getField(), positions, positions.length,
              memory.allocator(), "test")) {
            assertGathered(decoded, positions, taken, context + ", positions " + set.getKey());
          }
        }
      }
    }
  }

  /**
   * {@link ChunkCodec#takesByPosition}: true for encodings read at positions (bit-packed, plain, run-end over
   * fixed-width values), false where a take works on the whole segment (delta, float and string encodings,
   * zstd) and for bytes that do not parse.
   */
  @Test
  void takesByPositionOnlyWhereNothingIsReadWhole() {
    Random random = new Random(SEED);
    assertTakesByPosition(TestColumnType.INT64, EncodingKind.FRAME_OF_REFERENCE, random, true);
    assertTakesByPosition(TestColumnType.INT32, EncodingKind.RUN_END, random, true);
    assertTakesByPosition(TestColumnType.DATE32, EncodingKind.PLAIN, random, true);
    assertTakesByPosition(TestColumnType.INT64, EncodingKind.DELTA, random, false);
    assertTakesByPosition(TestColumnType.FLOAT64, EncodingKind.ALP, random, false);
    assertTakesByPosition(TestColumnType.INT64, EncodingKind.ZSTD, random, false);
    assertTakesByPosition(TestColumnType.UTF8, EncodingKind.PLAIN, random, false);
    assertTakesByPosition(TestColumnType.UTF8, EncodingKind.FSST, random, false);
    try (ArrowBuf truncated = TestVectors.toSegment(memory.allocator(), new byte[] {1, 2, 3})) {
      assertThat(ChunkCodec.takesByPosition(truncated, "test")).isFalse();
    }
  }

  private void assertTakesByPosition(TestColumnType type, EncodingKind kind, Random random, boolean expected) {
    List<Object> values = TestValues.generate(type, Dataset.RANDOM, random);
    EncodingOptions options = EncodingOptions.defaults().forcing(kind);
    try (FieldVector vector = TestVectors.build(memory.allocator(), type, values, "column")) {
      EncodedChunk chunk = ChunkCodec.encode(vector, 0, values.size(), options);
      try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), chunk.encodedBytes())) {
        assertThat(ChunkCodec.takesByPosition(segment, "test")).as(type + " " + chunk.encodingTree())
            .isEqualTo(expected);
      }
    }
  }

  /** Named position sets over {@code rows} rows, each ascending. */
  static Map<String, int[]> positionSets(int rows, Random random) {
    Map<String, int[]> sets = new LinkedHashMap<>();
    sets.put("none", new int[0]);
    if (rows == 0) {
      return sets;
    }
    sets.put("one", new int[] {random.nextInt(rows)});
    sets.put("first", new int[] {0});
    sets.put("last", new int[] {rows - 1});
    int[] all = new int[rows];
    for (int i = 0; i < rows; i++) {
      all[i] = i;
    }
    sets.put("all", all);
    sets.put("dense", sample(rows, 0.5, random));
    sets.put("sparse", sample(rows, 0.02, random));
    sets.put("first and last", rows == 1 ? new int[] {0} : new int[] {0, rows - 1});
    int[] repeated = sample(rows, 0.1, random);
    int[] twice = new int[repeated.length * 2];
    for (int i = 0; i < repeated.length; i++) {
      twice[2 * i] = repeated[i];
      twice[2 * i + 1] = repeated[i];
    }
    sets.put("repeated", twice);
    return sets;
  }

  private static int[] sample(int rows, double share, Random random) {
    int[] out = new int[rows];
    int count = 0;
    for (int i = 0; i < rows; i++) {
      if (random.nextDouble() < share) {
        out[count++] = i;
      }
    }
    return Arrays.copyOf(out, count);
  }

  /** Asserts {@code taken} row i equals {@code decoded} row {@code positions[i]}: nulls, bytes, null count, structure. */
  static void assertGathered(FieldVector decoded, int[] positions, FieldVector taken, String context) {
    assertThat(taken.getValueCount()).as("rows: %s", context).isEqualTo(positions.length);
    assertThat(taken.getField().getType()).as("type: %s", context).isEqualTo(decoded.getField().getType());
    int nulls = 0;
    for (int i = 0; i < positions.length; i++) {
      boolean isNull = decoded.isNull(positions[i]);
      nulls += isNull ? 1 : 0;
      if (taken.isNull(i) != isNull) {
        fail("row %d (position %d): null is %s, expected %s (%s)", i, positions[i], taken.isNull(i), isNull, context);
      }
      if (!isNull && !Arrays.equals(TestVectors.valueBytes(decoded, positions[i]), TestVectors.valueBytes(taken, i))) {
        fail("row %d (position %d): value differs (%s)", i, positions[i], context);
      }
    }
    assertThat(taken.getNullCount()).as("nulls: %s", context).isEqualTo(nulls);
    TestVectors.validateStructure(taken);
  }

  private static boolean takes(EncodingKind kind, List<Object> values) {
    List<Object> present = values.stream().filter(value -> value != null).toList();
    if (kind == EncodingKind.CONSTANT) {
      return present.stream().allMatch(value -> value instanceof byte[] bytes ? Arrays.equals(bytes,
          (byte[]) present.get(0)) : value.equals(present.get(0)));
    }
    if (kind == EncodingKind.DECIMAL_SCALED) {
      return present.stream().allMatch(value -> ((BigInteger) value).bitLength() < 64);
    }
    return true;
  }

  @Test
  void badPositionsAreUserErrors() {
    Random random = new Random(SEED);
    List<Object> values = TestValues.generate(TestColumnType.INT64, Dataset.RANDOM, random);
    try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.INT64, values, "column")) {
      EncodedChunk chunk = ChunkCodec.encode(vector, 0, values.size(), EncodingOptions.defaults());
      int rows = values.size();
      try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), chunk.encodedBytes())) {
        int[][] bad = {{-1}, {rows}, {5, 3}, {0, Integer.MAX_VALUE}};
        for (int[] positions : bad) {
          assertThatThrownBy(() -> ChunkCodec.take(segment, vector.getField(), positions, positions.length,
              memory.allocator(), "test"))
              .as(Arrays.toString(positions))
              .isInstanceOfSatisfying(QuiverException.class, failure -> {
                assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER);
                assertThat(failure.getMessage()).startsWith("test: ");
              });
        }
        assertThatThrownBy(() -> ChunkCodec.take(segment, vector.getField(), new int[] {1}, 2, memory.allocator(),
            "test"))
            .isInstanceOfSatisfying(QuiverException.class,
                failure -> assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER));
      }
    }
  }
}
