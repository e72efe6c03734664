package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.format.encoding.TestValues.Dataset;
import dev.quiver.testing.TestingAllocator;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every encoding, forced at the top, round-trips every type it accepts on every data set (random,
 * nulls, all null, empty, single value, extremes, constant, sorted, low cardinality, runs, sparse),
 * whole and as a slice of a larger vector; so does the automatic compressor ("AUTO"). An encoding
 * that cannot take the data (a constant over unequal values, scaled decimals over 64 bits) must
 * refuse it with a USER error. Seeded: the seed is printed and set with {@code -Dquiver.test.seed}.
 */
class EncodingConformanceTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final Set<Dataset> SLICED = EnumSet.of(
      Dataset.RANDOM_WITH_NULLS, Dataset.EXTREMES, Dataset.RUNS, Dataset.EMPTY, Dataset.SINGLE);

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @BeforeAll
  static void printSeed() {
    System.out.println("EncodingConformanceTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
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
          cases.add(Arguments.of(kind, type, dataset, false));
          if (SLICED.contains(dataset)) {
            cases.add(Arguments.of(kind, type, dataset, true));
          }
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2} slice={3}")
  @MethodSource("cases")
  void roundTrips(String kindName, TestColumnType type, Dataset dataset, boolean slice) {
    EncodingKind kind = kindName.equals("AUTO") ? null : EncodingKind.valueOf(kindName);
    long caseSeed = SEED ^ ((long) (kindName + type + dataset + slice).hashCode() * 0x9E3779B97F4A7C15L);
    Random random = new Random(caseSeed);
    String context = "seed " + SEED + ", " + kindName + " " + type + " " + dataset + (slice ? " sliced" : "");
    List<Object> values = TestValues.generate(type, dataset, random);
    int prefix = slice ? 7 : 0;
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
      if (kind != null && !takes(kind, values)) {
        assertThatThrownBy(() -> ChunkCodec.encode(vector, prefix, values.size(), options))
            .as(context)
            .isInstanceOfSatisfying(QuiverException.class,
                failure -> assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER));
        return;
      }
      EncodedChunk chunk = TestVectors.roundTrip(memory.allocator(), vector, prefix, values.size(), options, context);
      if (kind != null) {
        assertTopEncoding(kind, type, chunk.encodingTree(), context);
      }
    }
  }

  /** Whether a forced encoding can take these values (only constant and scaled decimals are picky). */
  private static boolean takes(EncodingKind kind, List<Object> values) {
    List<Object> present = values.stream().filter(value -> value != null).toList();
    if (kind == EncodingKind.CONSTANT) {
      return present.stream().allMatch(value -> sameValue(value, present.get(0)));
    }
    if (kind == EncodingKind.DECIMAL_SCALED) {
      return present.stream().allMatch(value -> ((BigInteger) value).bitLength() < 64);
    }
    return true;
  }

  private static boolean sameValue(Object a, Object b) {
    return a instanceof byte[] bytes ? Arrays.equals(bytes, (byte[]) b) : a.equals(b);
  }

  private static void assertTopEncoding(EncodingKind kind, TestColumnType type, String tree, String context) {
    if (kind == EncodingKind.ZSTD) {
      String expected = type.shape == TestColumnType.Shape.TEXT || type.shape == TestColumnType.Shape.BYTES
          ? "plain(lengths=zstd(plain), data=zstd(plain))"
          : type.shape == TestColumnType.Shape.BOOLEAN ? "zstd(bitmap)" : "zstd(plain)";
      assertThat(tree).as(context).startsWith(expected);
      return;
    }
    String top = tree.startsWith("zstd(") ? tree.substring("zstd(".length()) : tree;
    assertThat(top).as(context).startsWith(NodeRules.label(kind.formatId()));
  }
}
