package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingCorruptionFuzz;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hostile bytes: real segments of every encoding, damaged thousands of seeded ways (bit flips,
 * overwritten bytes and words, truncation, extension), must decode to a structurally valid vector
 * or fail with a {@link QuiverException} naming the segment; never another exception, an Error, a
 * hang or a leak. Targeted lies (row counts, zstd sizes, bit widths) must fail before allocating.
 */
class CorruptionFuzzTest extends TestingCorruptionFuzz<Field> {
  private static final int MUTATIONS = Integer.getInteger("quiver.fuzz.mutations", 4000);
  private static final String NAME = "fuzzed segment";

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
  protected int minimumRefused(int mutations) {
    return mutations / 4 + 1; // most damage is detected
  }

  /** Real segments, each with the field it decodes as. */
  @Override
  protected List<Specimen<Field>> specimens(Random random) {
    List<Specimen<Field>> specimens = new ArrayList<>();
    List<Object> sorted = new ArrayList<>();
    List<Object> outliers = new ArrayList<>();
    List<Object> runs = new ArrayList<>();
    List<Object> sparse = new ArrayList<>();
    List<Object> words = new ArrayList<>();
    List<Object> text = new ArrayList<>();
    List<Object> booleans = new ArrayList<>();
    List<Object> decimals = new ArrayList<>();
    List<Object> doubles = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      sorted.add(random.nextInt(10) == 0 ? null : 1_000_000L + i * 3L);
      outliers.add(random.nextInt(50) == 0 ? random.nextLong() : (long) random.nextInt(30));
      runs.add((long) (i / 50));
      sparse.add(random.nextInt(20) == 0 ? random.nextLong() : 5L);
      words.add(random.nextInt(8) == 0 ? null : ("word" + random.nextInt(6)).getBytes(StandardCharsets.UTF_8));
      text.add(("the quick brown fox " + random.nextInt(1000) + " jumps").getBytes(StandardCharsets.UTF_8));
      booleans.add(random.nextInt(6) == 0 ? null : random.nextBoolean());
      decimals.add(BigInteger.valueOf(random.nextInt(100_000)));
      doubles.add(random.nextInt(30) == 0 ? Double.doubleToRawLongBits(Double.NaN)
          : Double.doubleToRawLongBits(random.nextInt(5) * 0.5));
    }
    add(specimens, "sorted int64", TestColumnType.INT64, sorted, EncodingOptions.defaults());
    add(specimens, "int32 outliers", TestColumnType.INT32, outliers, EncodingOptions.defaults());
    add(specimens, "int64 runs", TestColumnType.INT64, runs, EncodingOptions.defaults());
    add(specimens, "sparse int64", TestColumnType.INT64, sparse, EncodingOptions.defaults());
    add(specimens, "words", TestColumnType.UTF8, words, EncodingOptions.defaults());
    add(specimens, "text", TestColumnType.UTF8, text, EncodingOptions.defaults());
    add(specimens, "booleans", TestColumnType.BOOL, booleans, EncodingOptions.defaults());
    add(specimens, "decimals", TestColumnType.DECIMAL_SMALL, decimals, EncodingOptions.defaults());
    add(specimens, "doubles", TestColumnType.FLOAT64, doubles, EncodingOptions.defaults());
    add(specimens, "zstd int64", TestColumnType.INT64, outliers, EncodingOptions.defaults().forcing(EncodingKind.ZSTD));
    add(specimens, "zstd text", TestColumnType.UTF8, text, EncodingOptions.defaults().forcing(EncodingKind.ZSTD));
    add(specimens, "sparse words", TestColumnType.UTF8, words, EncodingOptions.defaults().forcing(EncodingKind.SPARSE));
    add(specimens, "run-end words", TestColumnType.UTF8, words,
        EncodingOptions.defaults().forcing(EncodingKind.RUN_END));
    add(specimens, "dictionary doubles", TestColumnType.FLOAT64, doubles,
        EncodingOptions.defaults().forcing(EncodingKind.DICTIONARY));
    add(specimens, "run-end booleans", TestColumnType.BOOL, booleans,
        EncodingOptions.defaults().forcing(EncodingKind.RUN_END));
    add(specimens, "sparse booleans", TestColumnType.BOOL, booleans,
        EncodingOptions.defaults().forcing(EncodingKind.SPARSE));
    List<Object> prices = TestFloats.generate(TestColumnType.FLOAT64, TestFloats.FloatDataset.EXTREMES, random, 600);
    List<Object> floatPrices = TestFloats.generate(TestColumnType.FLOAT32, TestFloats.FloatDataset.PRICES_WITH_NULLS,
        random, 600);
    List<Object> reals = TestFloats.generate(TestColumnType.FLOAT64, TestFloats.FloatDataset.RANDOM, random, 600);
    reals.addAll(TestFloats.extremes(false));
    add(specimens, "alp doubles", TestColumnType.FLOAT64, prices, EncodingOptions.defaults().forcing(EncodingKind.ALP));
    add(specimens, "alp floats", TestColumnType.FLOAT32, floatPrices,
        EncodingOptions.defaults().forcing(EncodingKind.ALP));
    add(specimens, "alprd doubles", TestColumnType.FLOAT64, reals,
        EncodingOptions.defaults().forcing(EncodingKind.ALP_RD));
    add(specimens, "alprd floats", TestColumnType.FLOAT32,
        TestFloats.generate(TestColumnType.FLOAT32, TestFloats.FloatDataset.RANDOM_BITS, random, 600),
        EncodingOptions.defaults().forcing(EncodingKind.ALP_RD));
    add(specimens, "constant words", TestColumnType.UTF8, Arrays.asList(text.get(0), null, text.get(0)),
        EncodingOptions.defaults());
    return specimens;
  }

  private void add(List<Specimen<Field>> specimens, String label, TestColumnType type, List<Object> values,
      EncodingOptions options) {
    try (FieldVector vector = TestVectors.build(memory.allocator(), type, values, "column")) {
      EncodedChunk chunk = ChunkCodec.encode(vector, 0, values.size(), options);
      specimens.add(new Specimen<>(label + " " + chunk.encodingTree(), chunk.encodedBytes(), vector.getField()));
    }
  }

  /** Decodes to a structurally valid vector (values may differ: a flipped bit in plain data), or throws. */
  @Override
  protected void decode(Specimen<Field> specimen, byte[] damaged, String context) {
    BufferAllocator allocator = memory.allocator();
    try (ArrowBuf segment = TestVectors.toSegment(allocator, damaged)) {
      try {
        ChunkCodec.describe(segment, NAME);
      } catch (QuiverException expected) {
        assertThat(expected.getMessage()).as(context).startsWith(NAME + ": ");
      }
      try (FieldVector vector = ChunkCodec.decode(segment, specimen.detail(), allocator, NAME)) {
        TestVectors.validateDamaged(vector); // values may differ (a flipped bit in plain data); structure may not
        for (int i = 0; i < vector.getValueCount(); i++) {
          vector.getObject(i);
        }
      }
    }
  }

  /** A refusal names the segment and is CORRUPT or RESOURCE. */
  @Override
  protected void refused(Exception typed, String context) {
    assertThat(typed).as(context).isInstanceOf(QuiverException.class);
    QuiverException expected = (QuiverException) typed;
    assertThat(expected.getMessage()).as(context).startsWith(NAME + ": ");
    assertThat(expected.errorCode()).as(context).isIn(ErrorCode.CORRUPT, ErrorCode.RESOURCE);
  }

  @Override
  protected byte[] mutate(byte[] original, Random random, StringBuilder description) {
    byte[] bytes = original.clone();
    // half the damage lands in the header and tree, where the structure lives
    int structure = Math.min(bytes.length, EncodingFormat.HEADER_BYTES + LittleEndian.getInt(bytes, 12));
    int position = random.nextBoolean() ? random.nextInt(structure) : random.nextInt(bytes.length);
    switch (random.nextInt(6)) {
      case 0: {
        int flips = 1 + random.nextInt(3);
        for (int f = 0; f < flips; f++) {
          int at = f == 0 ? position : random.nextInt(bytes.length);
          bytes[at] ^= (byte) (1 << random.nextInt(8));
        }
        description.append(flips + " bit flips from byte " + position);
        return bytes;
      }
      case 1: {
        byte value = (byte) new int[] {0, 0xFF, 0x7F, 0x80, random.nextInt(256)}[random.nextInt(5)];
        bytes[position] = value;
        description.append("byte " + position + " set to " + (value & 0xFF));
        return bytes;
      }
      case 2: {
        int at = Math.min(position, bytes.length - 4);
        int value = new int[] {0, -1, Integer.MAX_VALUE, 1 << 24, 1 << 30, random.nextInt()}[random.nextInt(6)];
        LittleEndian.putInt(bytes, at, value);
        description.append("int at byte " + at + " set to " + value);
        return bytes;
      }
      case 3: {
        int length = random.nextInt(bytes.length);
        description.append("truncated to " + length + " bytes");
        return Arrays.copyOf(bytes, length);
      }
      case 4: {
        int extra = 1 + random.nextInt(16);
        description.append("extended by " + extra + " bytes");
        byte[] longer = Arrays.copyOf(bytes, bytes.length + extra);
        for (int i = bytes.length; i < longer.length; i++) {
          longer[i] = (byte) random.nextInt(256);
        }
        return longer;
      }
      default: {
        int at = random.nextInt(bytes.length);
        int length = Math.min(bytes.length - at, 1 + random.nextInt(32));
        for (int i = at; i < at + length; i++) {
          bytes[i] = (byte) random.nextInt(256);
        }
        description.append(length + " random bytes at " + at);
        return bytes;
      }
    }
  }

  @Test
  void liesAboutSizesFailBeforeAllocating() {
    Random random = new Random(seed());
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      values.add(random.nextLong());
    }
    byte[] zstd;
    Field field;
    try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.INT64, values, "column")) {
      zstd = ChunkCodec.encode(vector, 0, 1000, EncodingOptions.defaults().forcing(EncodingKind.ZSTD)).encodedBytes();
      field = vector.getField();
    }
    // a small allocator: any attempt to allocate what the lies claim would fail as RESOURCE, not CORRUPT
    try (BufferAllocator small = memory.allocator().newChildAllocator("small", 0, 1 << 20)) {
      byte[] rows = zstd.clone();
      LittleEndian.putInt(rows, 4, EncodingFormat.MAXIMUM_ROWS + 1);
      assertCorrupt(small, field, rows, "rows, more than the limit");

      byte[] frameSize = zstd.clone();
      int frame = frameStart(frameSize);
      frameSize[frame + 4] = (byte) 0xA0; // single segment, 4-byte content size
      LittleEndian.putInt(frameSize, frame + 5, Integer.MAX_VALUE);
      assertCorrupt(small, field, frameSize, "zstd frame");

      byte[] nodeRows = zstd.clone();
      LittleEndian.putInt(nodeRows, EncodingFormat.HEADER_BYTES + 2, 1 << 23);
      assertCorrupt(small, field, nodeRows, "rows");

      // a consistent lie: 2^24 rows everywhere, so the node needs 128 MiB from an 8 KB frame
      byte[] consistent = zstd.clone();
      LittleEndian.putInt(consistent, 4, EncodingFormat.MAXIMUM_ROWS);
      LittleEndian.putInt(consistent, EncodingFormat.HEADER_BYTES + 2, EncodingFormat.MAXIMUM_ROWS);
      assertCorrupt(small, field, consistent, "the node needs " + 8L * EncodingFormat.MAXIMUM_ROWS);
    }
  }

  @Test
  void impossibleBitWidthIsCorrupt() {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      values.add((long) (i % 7));
    }
    try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.INT32, values, "column")) {
      byte[] bytes = ChunkCodec
          .encode(vector, 0, 100, EncodingOptions.defaults().forcing(EncodingKind.FRAME_OF_REFERENCE))
          .encodedBytes();
      // node: kind, type, rows(4), metadata length, base(8), bit width
      int bitWidth = EncodingFormat.HEADER_BYTES + 7 + 8;
      assertThat(bytes[EncodingFormat.HEADER_BYTES]).isEqualTo((byte) EncodingFormat.ENCODING_FRAME_OF_REFERENCE);
      bytes[bitWidth] = 65;
      assertCorrupt(memory.allocator(), vector.getField(), bytes, "bit width 65");
    }
  }

  @Test
  void reservedEncodingIdsAreRefused() {
    List<Object> values = List.of(1L, 2L, 3L);
    try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.INT64, values, "column")) {
      byte[] bytes = ChunkCodec.encode(vector, 0, 3, EncodingOptions.defaults().forcing(EncodingKind.PLAIN))
          .encodedBytes();
      bytes[EncodingFormat.HEADER_BYTES] = (byte) (EncodingFormat.ENCODING_ALP_RD + 1);
      assertCorrupt(memory.allocator(), vector.getField(), bytes, "encoding id 13 is not known");
    }
  }

  /** The position of the first zstd frame magic in a segment. */
  private static int frameStart(byte[] bytes) {
    for (int i = 0; i + 4 <= bytes.length; i++) {
      if (LittleEndian.getInt(bytes, i) == 0xFD2FB528) {
        return i;
      }
    }
    throw new AssertionError("no zstd frame");
  }

  private static void assertCorrupt(BufferAllocator allocator, Field field, byte[] bytes, String problem) {
    try (ArrowBuf segment = TestVectors.toSegment(allocator, bytes)) {
      assertThatThrownBy(() -> ChunkCodec.decode(segment, field, allocator, NAME).close())
          .isInstanceOfSatisfying(QuiverException.class, failure -> {
            assertThat(failure.errorCode()).isEqualTo(ErrorCode.CORRUPT);
            assertThat(failure.getMessage()).startsWith(NAME + ": ").contains(problem);
          });
    }
  }
}
