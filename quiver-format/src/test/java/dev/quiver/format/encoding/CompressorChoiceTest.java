package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The compressor picks the encoding that should win on typical columns, and it wins by a margin:
 * each test asserts the chosen tree and the encoded size against Arrow's size of the same rows
 * (and round-trips the chunk). Sizes are printed for the record.
 */
class CompressorChoiceTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private final Random random = new Random(SEED);

  @BeforeAll
  static void printSeed() {
    System.out.println("CompressorChoiceTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
  }

  private EncodedChunk encode(String name, TestColumnType type, List<Object> values) {
    try (FieldVector vector = TestVectors.build(memory.allocator(), type, values, name)) {
      long started = System.nanoTime();
      EncodedChunk chunk = ChunkCodec.encode(vector, 0, values.size(), EncodingOptions.defaults());
      long micros = (System.nanoTime() - started) / 1000;
      System.out.printf("%-22s %8d rows  arrow %9d B  encoded %8d B  (%5.1f%%)  %6d us  %s%n", name, values.size(),
          chunk.uncompressedBytes(), chunk.encodedBytes().length,
          100.0 * chunk.encodedBytes().length / chunk.uncompressedBytes(), micros, chunk.encodingTree());
      TestVectors.roundTrip(memory.allocator(), vector, 0, values.size(), EncodingOptions.defaults(),
          "seed " + SEED + ", " + name);
      return chunk;
    }
  }

  private static long size(EncodedChunk chunk) {
    return chunk.encodedBytes().length;
  }

  @Test
  void sortedIntegersChooseDeltaOrFrameOfReference() {
    List<Object> values = new ArrayList<>();
    long value = 1_000_000_000_000L;
    for (int i = 0; i < 100_000; i++) {
      value += random.nextInt(4);
      values.add(value);
    }
    EncodedChunk chunk = encode("sorted int64", TestColumnType.INT64, values);
    assertThat(chunk.encodingTree()).startsWith("delta(");
    assertThat(size(chunk)).isLessThan(chunk.uncompressedBytes() / 20);
  }

  @Test
  void tenDistinctStringsChooseDictionary() {
    List<byte[]> words = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      words.add(TestValues.randomText(random, 5 + random.nextInt(15)));
    }
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 50_000; i++) {
      values.add(words.get(random.nextInt(10)));
    }
    EncodedChunk chunk = encode("10 distinct strings", TestColumnType.UTF8, values);
    assertThat(chunk.encodingTree()).startsWith("dict(");
    assertThat(chunk.encodingTree()).containsPattern("codes=(zstd\\()?for\\(bitpack 4\\)");
    assertThat(size(chunk)).isLessThan(50_000 * 4 / 8 + 2_000);
  }

  @Test
  void constantColumnChoosesConstant() {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      values.add(42L);
    }
    EncodedChunk chunk = encode("constant int32", TestColumnType.INT32, values);
    assertThat(chunk.encodingTree()).isEqualTo("constant");
    assertThat(size(chunk)).isLessThan(64);
  }

  @Test
  void smallRangeIntegersArePacked() {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      values.add((long) random.nextInt(100));
    }
    EncodedChunk chunk = encode("int32 in 0..99", TestColumnType.INT32, values);
    assertThat(chunk.encodingTree()).startsWith("for(bitpack 7)");
    assertThat(size(chunk)).isLessThan(100_000 * 7 / 8 + 256);
  }

  @Test
  void outliersBecomePatches() {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      values.add(random.nextInt(1000) == 0 ? random.nextLong() : 1_000 + random.nextInt(16));
    }
    EncodedChunk chunk = encode("int64 with outliers", TestColumnType.INT64, values);
    assertThat(chunk.encodingTree()).contains("for(bitpack 4, patches(");
    assertThat(size(chunk)).isLessThan(100_000 * 4 / 8 + 100 * 16 + 1_000);
  }

  @Test
  void longRunsChooseRunEnd() {
    List<Object> values = new ArrayList<>();
    while (values.size() < 100_000) {
      long value = random.nextLong();
      for (int i = 0; i < 1000; i++) {
        values.add(value);
      }
    }
    EncodedChunk chunk = encode("int64 runs of 1000", TestColumnType.INT64, values);
    assertThat(chunk.encodingTree()).startsWith("runend(");
    assertThat(size(chunk)).isLessThan(2_000);
  }

  @Test
  void mostlyOneValueChoosesPatches() {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      values.add(random.nextInt(100) == 0 ? random.nextLong() : 7L);
    }
    EncodedChunk chunk = encode("int64 99% one value", TestColumnType.INT64, values);
    assertThat(chunk.encodingTree()).containsPattern("sparse\\(|patches\\(");
    assertThat(size(chunk)).isLessThan(chunk.uncompressedBytes() / 40);
  }

  @Test
  void fewNullsGiveASmallValidity() {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      values.add(i % 20_000 == 5 ? null : (long) i);
    }
    EncodedChunk chunk = encode("int64 with 5 nulls", TestColumnType.INT64, values);
    assertThat(chunk.nullCount()).isEqualTo(5);
    assertThat(chunk.encodingTree()).contains(", validity=").doesNotContain("validity=bitmap");
    assertThat(size(chunk)).isLessThan(1_000);
  }

  @Test
  void decimalsBecomeScaledIntegers() {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      values.add(BigInteger.valueOf(90_000 + random.nextInt(10_000_000)));
    }
    EncodedChunk chunk = encode("decimal(15,2) prices", TestColumnType.DECIMAL_SMALL, values);
    assertThat(chunk.encodingTree()).startsWith("scaled(for(bitpack 24)");
    assertThat(size(chunk)).isLessThan(100_000 * 3 + 1_000);
  }

  @Test
  void textGetsZstdOnItsData() {
    List<byte[]> vocabulary = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      vocabulary.add(TestValues.randomText(random, 3 + random.nextInt(8)));
    }
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 50_000; i++) {
      StringBuilder sentence = new StringBuilder();
      int words = 3 + random.nextInt(8);
      for (int w = 0; w < words; w++) {
        sentence.append(new String(vocabulary.get(random.nextInt(vocabulary.size())), StandardCharsets.UTF_8))
            .append(' ');
      }
      values.add(sentence.toString().getBytes(StandardCharsets.UTF_8));
    }
    EncodedChunk chunk = encode("text sentences", TestColumnType.UTF8, values);
    assertThat(chunk.encodingTree()).startsWith("plain(").contains("data=zstd(plain)");
    assertThat(size(chunk)).isLessThan((long) (chunk.uncompressedBytes() * 0.6));
  }

  @Test
  void randomIntegersStayPlain() {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 50_000; i++) {
      values.add(random.nextLong());
    }
    EncodedChunk chunk = encode("random int64", TestColumnType.INT64, values);
    assertThat(chunk.encodingTree()).isEqualTo("plain");
    assertThat(size(chunk)).isLessThanOrEqualTo(50_000 * 8 + 64);
  }

  @Test
  void booleanRunsChooseRunEnd() {
    List<Object> values = new ArrayList<>();
    boolean value = false;
    while (values.size() < 100_000) {
      int length = 500 + random.nextInt(1000);
      for (int i = 0; i < length; i++) {
        values.add(value);
      }
      value = !value;
    }
    EncodedChunk chunk = encode("bool runs", TestColumnType.BOOL, values);
    assertThat(chunk.encodingTree()).startsWith("runend(");
    assertThat(size(chunk)).isLessThan(1_500);
  }

  @Test
  void lowCardinalityDatesChooseDictionaryOrPacking() {
    List<Object> values = new ArrayList<>();
    long[] days = new long[50];
    for (int i = 0; i < days.length; i++) {
      days[i] = 8000 + random.nextInt(100_000);
    }
    for (int i = 0; i < 100_000; i++) {
      values.add(days[random.nextInt(days.length)]);
    }
    EncodedChunk chunk = encode("date32 50 distinct", TestColumnType.DATE32, values);
    assertThat(chunk.encodingTree()).startsWith("dict(");
    assertThat(size(chunk)).isLessThan(100_000 * 6 / 8 + 1_000);
  }
}
