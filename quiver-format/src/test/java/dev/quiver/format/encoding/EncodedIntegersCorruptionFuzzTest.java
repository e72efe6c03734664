package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingCorruptionFuzz;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hostile integer segments for {@link ChunkCodec#openIntegers}: real segments of every integer
 * encoding (frame of reference with patches, dictionary, run-end, sparse, delta, constant, zstd plain,
 * decimal-scaled, with and without nulls), damaged thousands of seeded ways, must either be refused with
 * a {@link QuiverException} naming the segment or give the very answers the decoded vector gives; and
 * a segment that decoding refuses must be refused by {@code select} and {@code sum} too.
 */
class EncodedIntegersCorruptionFuzzTest extends TestingCorruptionFuzz<TestColumnType> {
  private static final int MUTATIONS = Integer.getInteger("quiver.fuzz.mutations", 3000);
  private static final String NAME = "fuzzed integer segment";

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Override
  protected String seedProperty() {
    return "quiver.test.seed";
  }

  @Override
  protected int mutations() {
    return MUTATIONS;
  }

  @Override
  protected List<Specimen<TestColumnType>> specimens(Random random) {
    List<Specimen<TestColumnType>> specimens = new ArrayList<>();
    List<Object> sorted = new ArrayList<>();
    List<Object> outliers = new ArrayList<>();
    List<Object> runs = new ArrayList<>();
    List<Object> sparse = new ArrayList<>();
    List<Object> lowCardinality = new ArrayList<>();
    List<Object> decimals = new ArrayList<>();
    List<Object> constant = new ArrayList<>();
    for (int i = 0; i < 700; i++) {
      sorted.add(random.nextInt(10) == 0 ? null : 1_000_000L + i * 3L);
      outliers.add(random.nextInt(50) == 0 ? random.nextLong() : (long) random.nextInt(30));
      runs.add((long) (i / 50));
      sparse.add(random.nextInt(20) == 0 ? random.nextLong() : 5L);
      lowCardinality.add(random.nextInt(9) == 0 ? null : (long) (random.nextInt(7) * 1000));
      decimals.add(random.nextInt(12) == 0 ? null : BigInteger.valueOf(random.nextInt(100_000) + 900L));
      constant.add(random.nextInt(15) == 0 ? null : 42L);
    }
    EncodingOptions auto = EncodingOptions.defaults();
    add(specimens, "sorted int64", TestColumnType.INT64, sorted, auto);
    add(specimens, "int32 outliers", TestColumnType.INT32, outliers, auto);
    add(specimens, "int32 outliers for", TestColumnType.INT32, outliers,
        auto.forcing(EncodingKind.FRAME_OF_REFERENCE));
    add(specimens, "int64 runs", TestColumnType.INT64, runs, auto.forcing(EncodingKind.RUN_END));
    add(specimens, "sparse int64", TestColumnType.INT64, sparse, auto.forcing(EncodingKind.SPARSE));
    add(specimens, "dictionary int16", TestColumnType.INT16, lowCardinality, auto.forcing(EncodingKind.DICTIONARY));
    add(specimens, "delta date32", TestColumnType.DATE32, sorted.stream().map(v -> v == null ? null
        : (Object) ((Long) v / 100)).toList(), auto.forcing(EncodingKind.DELTA));
    add(specimens, "zstd int8", TestColumnType.INT8, runs, auto.forcing(EncodingKind.ZSTD));
    add(specimens, "plain timestamp", TestColumnType.TIMESTAMP_MICRO, outliers, auto.forcing(EncodingKind.PLAIN));
    add(specimens, "constant int32", TestColumnType.INT32, constant, auto);
    add(specimens, "scaled decimal", TestColumnType.DECIMAL_SMALL, decimals, auto.forcing(EncodingKind.DECIMAL_SCALED));
    return specimens;
  }

  private void add(List<Specimen<TestColumnType>> specimens, String label, TestColumnType type, List<Object> values,
      EncodingOptions options) {
    try (FieldVector vector = TestVectors.build(memory.allocator(), type, values, "column")) {
      EncodedChunk chunk = ChunkCodec.encode(vector, 0, values.size(), options);
      specimens.add(new Specimen<>(label + " " + chunk.encodingTree(), chunk.encodedBytes(), type));
    }
  }

  @Override
  protected void decode(Specimen<TestColumnType> specimen, byte[] damaged, String context) {
    BufferAllocator allocator = memory.allocator();
    TestColumnType type = specimen.detail();
    try (FieldVector column = TestVectors.build(allocator, type, List.of(), "column");
        ArrowBuf segment = TestVectors.toSegment(allocator, damaged)) {
      Long[] keys = null;
      try (FieldVector decoded = ChunkCodec.decode(segment, column.getField(), allocator, NAME)) {
        keys = EncodedIntegersConformanceTest.keys(decoded, type);
      } catch (QuiverException refusedByDecode) {
        // select and sum must refuse it too (below)
      }
      try (EncodedIntegers integers = ChunkCodec.openIntegers(segment, column.getField(), allocator, NAME)) {
        if (integers == null) {
          return;
        }
        long[] bitmap = new long[(integers.rows() + 63) / 64];
        long[][] probes = {{0, 500}, {1_000_000, 1_000_900}, {Long.MIN_VALUE, Long.MAX_VALUE}};
        for (long[] probe : probes) {
          int passed = integers.select(probe[0], probe[1], false, null, bitmap);
          IntegerSummary summary = integers.sum(bitmap);
          if (keys == null) {
            fail(context + ": decode refused the segment but select and sum answered");
          }
          long expected = 0;
          BigInteger sum = BigInteger.ZERO;
          for (int i = 0; i < keys.length; i++) {
            boolean pass = keys[i] != null && keys[i] >= probe[0] && keys[i] <= probe[1];
            assertThat((bitmap[i >>> 6] >>> i & 1) != 0).as(context + ", row " + i).isEqualTo(pass);
            if (pass) {
              expected++;
              sum = sum.add(BigInteger.valueOf(keys[i]));
            }
          }
          assertThat(passed).as(context).isEqualTo(expected);
          assertThat(summary.count()).as(context).isEqualTo(expected);
          assertThat(summary.sum()).as(context).isEqualTo(sum);
        }
        int[] members = {0, 5, 42, 3000};
        integers.select(0, 0, true, java.util.Arrays.stream(members).asLongStream().toArray(), bitmap);
      }
    }
  }

  @Override
  protected void refused(Exception typed, String context) {
    assertThat(typed).as(context).isInstanceOf(QuiverException.class);
    QuiverException expected = (QuiverException) typed;
    assertThat(expected.getMessage()).as(context).startsWith(NAME + ": ");
    assertThat(expected.errorCode()).as(context).isIn(ErrorCode.CORRUPT, ErrorCode.RESOURCE);
  }
}
