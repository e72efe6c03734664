package dev.quiver.format.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingCorruptionFuzz;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hostile fsst segments: real ones (text with nulls, URLs, binary, fsst dictionary values), damaged
 * thousands of seeded ways, must decode and open as compressed strings (then match and decompress)
 * to structurally valid results or fail with a {@link QuiverException} naming the segment. Targeted
 * lies (a code outside the table, an escape ending a row, a declared total that is wrong or beyond
 * the limit, a symbol of length 0) fail with the problem named, in decode and in openStrings alike.
 */
class FsstCorruptionFuzzTest extends TestingCorruptionFuzz<Field> {
  private static final int MUTATIONS = Integer.getInteger("quiver.fuzz.mutations", 3000);
  private static final String NAME = "fuzzed fsst segment";

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
  protected List<Specimen<Field>> specimens(Random random) {
    List<Specimen<Field>> specimens = new ArrayList<>();
    List<Object> text = new ArrayList<>();
    List<Object> urls = new ArrayList<>();
    List<Object> binary = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      text.add(random.nextInt(7) == 0 ? null : FsstConformanceTest.words(random, random.nextInt(6)));
      urls.add(FsstConformanceTest.url(random));
      byte[] bytes = new byte[random.nextInt(24)];
      random.nextBytes(bytes);
      binary.add(bytes);
    }
    EncodingOptions fsst = EncodingOptions.defaults().forcing(EncodingKind.FSST);
    add(specimens, "text", TestColumnType.UTF8, text, fsst);
    add(specimens, "urls", TestColumnType.UTF8, urls, fsst);
    add(specimens, "binary", TestColumnType.BINARY, binary, fsst);
    List<Object> repeated = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      repeated.add(urls.get(random.nextInt(40)));
    }
    add(specimens, "dictionary", TestColumnType.UTF8, repeated, EncodingOptions.defaults());
    return specimens;
  }

  private void add(List<Specimen<Field>> specimens, String label, TestColumnType type, List<Object> values,
      EncodingOptions options) {
    try (FieldVector vector = TestVectors.build(memory.allocator(), type, values, "column")) {
      EncodedChunk chunk = ChunkCodec.encode(vector, 0, values.size(), options);
      specimens.add(new Specimen<>(label + " " + chunk.encodingTree(), chunk.encodedBytes(), vector.getField()));
    }
  }

  @Override
  protected void decode(Specimen<Field> specimen, byte[] damaged, String context) {
    BufferAllocator allocator = memory.allocator();
    try (ArrowBuf segment = TestVectors.toSegment(allocator, damaged)) {
      try (FieldVector vector = ChunkCodec.decode(segment, specimen.detail(), allocator, NAME)) {
        TestVectors.validateDamaged(vector);
      }
      try (FsstStrings strings = ChunkCodec.openStrings(segment, allocator, NAME)) {
        if (strings != null) {
          int[] positions = new int[strings.rows()];
          strings.compile(FsstPattern.contains("o".getBytes(StandardCharsets.UTF_8))).match(0, strings.rows(),
              positions);
          try (FieldVector all = strings.decompress(0, strings.rows(), specimen.detail(), allocator)) {
            TestVectors.validateDamaged(all);
          }
        }
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

  /** A segment of {@code values} forced to fsst, and its values node as parsed. */
  private byte[] segment(List<Object> values) {
    try (FieldVector vector = TestVectors.build(memory.allocator(), TestColumnType.UTF8, values, "column")) {
      return ChunkCodec.encode(vector, 0, values.size(), EncodingOptions.defaults().forcing(EncodingKind.FSST))
          .encodedBytes();
    }
  }

  private SegmentNode valuesNode(byte[] bytes) {
    try (ArrowBuf segment = TestVectors.toSegment(memory.allocator(), bytes)) {
      return SegmentParser.parse(segment, NAME).values();
    }
  }

  private List<Object> repeatedText() {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      values.add("abcabc".getBytes(StandardCharsets.UTF_8));
    }
    return values;
  }

  /** Byte offset of the metadata of the values node (the first node) in a segment. */
  private static final int METADATA = EncodingFormat.HEADER_BYTES + 7;

  @Test
  void aCodeOutsideTheTableIsRefused() {
    byte[] bytes = segment(repeatedText());
    SegmentNode node = valuesNode(bytes);
    int count = node.metadata[4] & 0xFF;
    assertThat(count).isLessThan(255);
    bytes[(int) node.children[1].bufferOffsets[0]] = (byte) count;
    assertCorrupt(bytes, "code outside the table of " + count + " symbols");
  }

  @Test
  void anEscapeEndingARowIsRefused() {
    byte[] bytes = segment(repeatedText());
    SegmentNode node = valuesNode(bytes);
    SegmentNode codes = node.children[1];
    bytes[(int) (codes.bufferOffsets[0] + codes.rows - 1)] = (byte) FsstSymbolTable.ESCAPE;
    assertCorrupt(bytes, "ends with an escape code");
  }

  @Test
  void aWrongDeclaredTotalIsRefused() {
    byte[] bytes = segment(repeatedText());
    LittleEndian.putInt(bytes, METADATA, LittleEndian.getInt(bytes, METADATA) - 1);
    assertCorrupt(bytes, "the metadata says");
    LittleEndian.putInt(bytes, METADATA, LittleEndian.getInt(bytes, METADATA) + 2);
    assertCorrupt(bytes, "the metadata says");
    LittleEndian.putInt(bytes, METADATA, EncodingFormat.MAXIMUM_DATA_BYTES + 1);
    assertCorrupt(bytes, "more than the limit");
  }

  @Test
  void aSymbolOfLengthZeroIsRefused() {
    byte[] bytes = segment(repeatedText());
    SegmentNode node = valuesNode(bytes);
    int count = node.metadata[4] & 0xFF;
    bytes[(int) node.bufferOffsets[0] + 8 * count] = 0;
    assertCorrupt(bytes, "symbol 0 has length 0");
  }

  private void assertCorrupt(byte[] bytes, String problem) {
    BufferAllocator allocator = memory.allocator();
    Field field = Field.nullable("column", TestColumnType.UTF8.arrowType);
    try (ArrowBuf segment = TestVectors.toSegment(allocator, bytes)) {
      assertThatThrownBy(() -> ChunkCodec.decode(segment, field, allocator, NAME).close())
          .isInstanceOfSatisfying(SegmentCorruptException.class, failure -> {
            assertThat(failure.errorCode()).isEqualTo(ErrorCode.CORRUPT);
            assertThat(failure.getMessage()).startsWith(NAME + ": ").contains("values (fsst binary)").contains(problem);
          });
      assertThatThrownBy(() -> ChunkCodec.openStrings(segment, allocator, NAME).close())
          .isInstanceOfSatisfying(SegmentCorruptException.class,
              failure -> assertThat(failure.getMessage()).startsWith(NAME + ": ").contains(problem));
    }
  }
}
