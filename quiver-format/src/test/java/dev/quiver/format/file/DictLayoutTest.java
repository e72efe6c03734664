package dev.quiver.format.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.DictionaryDecoder;
import dev.quiver.format.layout.DictLayout;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.Layout;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongFunction;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Column-wide dictionaries: when the writer takes one, when it stops, and that rows read back. */
class DictLayoutTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private static final long SEED = 4242;
  private static final String[] MODES = {"AIR", "FOB", "MAIL", "RAIL", "REG AIR", "SHIP", "TRUCK", "ünï", ""};

  /** Low cardinality with nulls: a null every 13th row, else one of nine modes. */
  private static String lowCardinality(long row) {
    return row % 13 == 5 ? null : MODES[(int) ((row * 2654435761L >>> 7) % MODES.length)];
  }

  private Path write(String name, long rows, LongFunction<String> values, QuiverWriter.Options options)
      throws IOException {
    Path file = directory.resolve(name + ".qvr");
    Schema schema = new Schema(
        List.of(Field.nullable("s", ArrowType.Utf8.INSTANCE), Field.nullable("b", ArrowType.Binary.INSTANCE)));
    try (QuiverWriter writer = QuiverWriter.create(file, schema, memory.allocator(), options)) {
      for (long first = 0; first < rows; first += 5000) {
        int count = (int) Math.min(5000, rows - first);
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(schema, memory.allocator())) {
          VarCharVector strings = (VarCharVector) batch.getVector(0);
          VarBinaryVector binary = (VarBinaryVector) batch.getVector(1);
          for (int i = 0; i < count; i++) {
            String value = values.apply(first + i);
            if (value == null) {
              strings.setNull(i);
              binary.setNull(i);
            } else {
              byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
              strings.setSafe(i, bytes);
              binary.setSafe(i, bytes);
            }
          }
          batch.setRowCount(count);
          writer.write(batch);
        }
      }
    }
    return file;
  }

  private void verify(Path file, long rows, LongFunction<String> values) throws IOException {
    Random random = new Random(SEED);
    try (QuiverFile opened = QuiverFile.open(file)) {
      List<long[]> ranges = new ArrayList<>();
      ranges.add(new long[] {0, rows});
      for (int i = 0; i < 20 && rows > 0; i++) {
        long start = (long) (random.nextDouble() * rows);
        ranges.add(new long[] {start, Math.min(rows - start, 1 + random.nextInt(40_000))});
      }
      for (long[] range : ranges) {
        for (int column = 0; column < 2; column++) {
          try (FieldVector actual = opened.read(column, range[0], range[1], memory.allocator())) {
            assertThat(actual.getValueCount()).isEqualTo((int) range[1]);
            for (int i = 0; i < range[1]; i++) {
              String expected = values.apply(range[0] + i);
              Object value = actual.getObject(i);
              String text = value == null ? null
                  : column == 0 ? value.toString() : new String((byte[]) value, StandardCharsets.UTF_8);
              if (!java.util.Objects.equals(expected, text)) {
                throw new AssertionError(
                    "column " + column + " row " + (range[0] + i) + ": " + text + " != " + expected);
              }
            }
          }
        }
      }
    }
  }

  private static List<Layout> chunks(Path file, int column) throws IOException {
    try (QuiverFile opened = QuiverFile.open(file)) {
      return opened.chunks(column);
    }
  }

  @Test
  void lowCardinalityColumnsGetOneDictionary() throws IOException {
    System.out.println("seed " + SEED);
    long rows = 300_000;
    Path file = write("low", rows, DictLayoutTest::lowCardinality,
        QuiverWriter.Options.defaults().withChunkBytes(64 * 1024));
    for (int column = 0; column < 2; column++) {
      List<Layout> chunks = chunks(file, column);
      assertThat(chunks).hasSize(1);
      DictLayout dict = (DictLayout) chunks.get(0);
      assertThat(dict.rowCount()).isEqualTo(rows);
      assertThat(dict.values().rowCount()).isEqualTo(MODES.length);
      assertThat(dict.codes().chunks().size()).isGreaterThan(3);
    }
    verify(file, rows, DictLayoutTest::lowCardinality);
    try (QuiverFile opened = QuiverFile.open(file)) {
      long[] row = {0};
      int[] pieces = {0};
      opened.readPieces(0, opened.chunks(0).get(0), memory.allocator(), piece -> {
        pieces[0]++;
        for (int i = 0; i < piece.getValueCount(); i++, row[0]++) {
          Object value = piece.getObject(i);
          assertThat(value == null ? null : value.toString()).isEqualTo(lowCardinality(row[0]));
        }
      });
      assertThat(row[0]).isEqualTo(rows);
      assertThat(pieces[0]).isEqualTo(((DictLayout) opened.chunks(0).get(0)).codes().chunks().size());
    }
    Path plain = write("plain", rows, DictLayoutTest::lowCardinality,
        QuiverWriter.Options.defaults().withChunkBytes(64 * 1024).withColumnDictionaries(false));
    assertThat(chunks(plain, 0)).allMatch(chunk -> chunk instanceof FlatLayout);
    verify(plain, rows, DictLayoutTest::lowCardinality);
  }

  @Test
  void aDictionaryThatOutgrowsItsBoundsEndsAndPlainChunksFollow() throws IOException {
    long rows = 200_000;
    LongFunction<String> growing = row -> row < 60_000 ? lowCardinality(row)
        : "unique-value-" + row + "-" + "x".repeat((int) (row % 90));
    Path file = write("growing", rows, growing, QuiverWriter.Options.defaults().withChunkBytes(64 * 1024));
    List<Layout> chunks = chunks(file, 0);
    assertThat(chunks.get(0)).isInstanceOf(DictLayout.class);
    assertThat(chunks.subList(1, chunks.size())).isNotEmpty().allMatch(chunk -> chunk instanceof FlatLayout);
    DictLayout dict = (DictLayout) chunks.get(0);
    assertThat(dict.values().rowCount()).isLessThanOrEqualTo(ColumnDictionary.MAXIMUM_VALUES);
    verify(file, rows, growing);
  }

  @Test
  void highCardinalityColumnsStayPlain() throws IOException {
    long rows = 50_000;
    LongFunction<String> unique = row -> "value " + row;
    Path file = write("unique", rows, unique, QuiverWriter.Options.defaults().withChunkBytes(64 * 1024));
    assertThat(chunks(file, 0)).allMatch(chunk -> chunk instanceof FlatLayout);
    verify(file, rows, unique);
  }

  @Test
  void allNullAndEmptyColumns() throws IOException {
    Path nulls = write("nulls", 30_000, row -> null, QuiverWriter.Options.defaults().withChunkBytes(16 * 1024));
    verify(nulls, 30_000, row -> null);
    Path empty = write("empty", 0, row -> "x", QuiverWriter.Options.defaults());
    verify(empty, 0, row -> "x");
    assertThat(chunks(empty, 0)).isEmpty();
  }

  @Test
  void aCodeOutsideTheValuesIsCorrupt() {
    try (VarCharVector values = new VarCharVector("v", memory.allocator());
        IntVector codes = new IntVector("c", memory.allocator())) {
      values.allocateNew();
      values.setSafe(0, "a".getBytes(StandardCharsets.UTF_8));
      values.setValueCount(1);
      codes.allocateNew(2);
      codes.set(0, 0);
      codes.set(1, 7);
      codes.setValueCount(2);
      Field field = Field.nullable("s", ArrowType.Utf8.INSTANCE);
      assertThatThrownBy(() -> DictionaryDecoder.decode(values, codes, null, 0, 2, field, memory.allocator(), "f.qvr"))
          .isInstanceOf(QuiverException.class)
          .hasMessage("f.qvr: dictionary code 7 at row 1 is outside the 1 dictionary values")
          .matches(failure -> ((QuiverException) failure).errorCode() == ErrorCode.CORRUPT);
      try (
          FieldVector first = DictionaryDecoder.decode(values, codes, null, 0, 1, field, memory.allocator(), "f.qvr")) {
        assertThat(first.getObject(0).toString()).isEqualTo("a");
      }
    }
  }
}
