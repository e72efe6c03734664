package dev.quiver.format.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.format.encoding.ChunkCodec;
import dev.quiver.format.encoding.EncodingKind;
import dev.quiver.format.encoding.EncodingOptions;
import dev.quiver.format.layout.DictLayout;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingTables;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Files written by format versions 1.0, 1.1 (dict layouts) and 1.2 (fsst segments) are committed under
 * {@code src/test/resources/compatibility} and must keep reading to the same values: a change that
 * breaks old files fails here. The values come from {@link TestingTables} with the fixture's seed,
 * whose generator must therefore never change (add new columns to a new fixture instead).
 *
 * <p>To write a fixture after a deliberate format change (new version!), name its version: {@code
 * -Dquiver.fixture.write=1.2} (several: {@code 1.2,1.3}) writes only that fixture, into {@code
 * src/test/resources/compatibility} of the module (or {@code -Dquiver.fixture.dir=DIR}), then checks
 * it like the others. Fixtures not named are never written, so the files of older versions stay the
 * ones those versions wrote; an unknown version (or the old form, a folder) fails the run.
 */
class CompatibilityFixtureTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  /** The versions that have a fixture here. */
  static final List<String> VERSIONS = List.of("1.0", "1.1", "1.2");

  private static final String FIXTURE = "v1.0-all-types.qvr";
  private static final long SEED = 1_000_000_007L;
  private static final int ROWS = 4_000;

  /**
   * The versions {@code -Dquiver.fixture.write} names (none without it).
   *
   * @throws IllegalArgumentException for a name that is not one of {@link #VERSIONS}
   */
  static Set<String> versionsToWrite(String property) {
    if (property == null || property.isBlank()) {
      return Set.of();
    }
    Set<String> versions = new LinkedHashSet<>();
    for (String name : property.split(",")) {
      String version = name.trim();
      if (!VERSIONS.contains(version)) {
        throw new IllegalArgumentException("-Dquiver.fixture.write names the fixture versions to write, e.g. 1.2 or"
            + " 1.1,1.2 (the fixtures are " + VERSIONS + "), not '" + version + "'; the folder is"
            + " -Dquiver.fixture.dir (default src/test/resources/compatibility)");
      }
      versions.add(version);
    }
    return versions;
  }

  /** Where the fixture of {@code version} is to be written, or null when it is not named for writing. */
  private static Path writeTarget(String version, String fileName) throws IOException {
    if (!versionsToWrite(System.getProperty("quiver.fixture.write")).contains(version)) {
      return null;
    }
    Path folder = Path.of(System.getProperty("quiver.fixture.dir", "src/test/resources/compatibility"));
    Files.createDirectories(folder);
    return folder.resolve(fileName);
  }

  @Test
  void onlyTheNamedFixturesAreWritten() {
    assertThat(versionsToWrite(null)).isEmpty();
    assertThat(versionsToWrite("")).isEmpty();
    assertThat(versionsToWrite("1.2")).containsExactly("1.2");
    assertThat(versionsToWrite(" 1.1 ,1.2")).containsExactly("1.1", "1.2");
    assertThatThrownBy(() -> versionsToWrite("/tmp/fixtures")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not '/tmp/fixtures'").hasMessageContaining("-Dquiver.fixture.dir");
    assertThatThrownBy(() -> versionsToWrite("1.2,2.0")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not '2.0'");
  }

  @Test
  void version10FileReadsToTheSameValues() throws IOException, URISyntaxException {
    Path target = writeTarget("1.0", FIXTURE);
    if (target != null) {
      writeFixture(target);
    }
    Path fixture = target != null ? target
        : Path.of(CompatibilityFixtureTest.class.getResource("/compatibility/" + FIXTURE).toURI());
    try (QuiverFile file = QuiverFile.open(fixture);
        VectorSchemaRoot expected = TestingTables.batch(memory.allocator(), 0, ROWS, SEED, 10)) {
      assertThat(file.footer().metadata()).containsKey("writer");
      assertThat(file.schema()).isEqualTo(expected.getSchema());
      assertThat(file.rowCount()).isEqualTo(ROWS);
      assertThat(file.footer().segments().size()).as("chunk boundaries inside columns")
          .isGreaterThan(2 * expected.getFieldVectors().size());
      for (int c = 0; c < expected.getFieldVectors().size(); c++) {
        try (FieldVector actual = file.read(c, 0, ROWS, memory.allocator())) {
          assertThat(TestingTables.difference(expected.getVector(c), actual, 0)).isNull();
        }
      }
    }
  }

  private static final String DICTIONARY_FIXTURE = "v1.1-dictionary.qvr";
  private static final int DICTIONARY_ROWS = 6_000;

  /** Row {@code row} of the 1.1 fixture: a dictionary run of five values (and nulls), then unique values. */
  private static String dictionaryValue(long row) {
    if (row % 17 == 4) {
      return null;
    }
    return row < 2_500 ? "mode-" + (row * 31 % 5) + (row % 2 == 0 ? "" : "-é") : "unique-" + row;
  }

  @Test
  void version11DictionaryFileReadsToTheSameValues() throws IOException, URISyntaxException {
    Schema schema = new Schema(
        List.of(Field.nullable("s", ArrowType.Utf8.INSTANCE), Field.nullable("b", ArrowType.Binary.INSTANCE)));
    Path target = writeTarget("1.1", DICTIONARY_FIXTURE);
    if (target != null) {
      try (QuiverWriter writer = QuiverWriter.create(target, schema, memory.allocator(),
          QuiverWriter.Options.defaults().withChunkBytes(2048));
          VectorSchemaRoot batch = VectorSchemaRoot.create(schema, memory.allocator())) {
        for (int row = 0; row < DICTIONARY_ROWS; row++) {
          String value = dictionaryValue(row);
          if (value != null) {
            ((VarCharVector) batch.getVector(0)).setSafe(row, value.getBytes(StandardCharsets.UTF_8));
            ((VarBinaryVector) batch.getVector(1)).setSafe(row, value.getBytes(StandardCharsets.UTF_8));
          }
        }
        batch.setRowCount(DICTIONARY_ROWS);
        writer.write(batch);
      }
    }
    Path fixture = target != null ? target
        : Path.of(CompatibilityFixtureTest.class.getResource("/compatibility/" + DICTIONARY_FIXTURE).toURI());
    try (QuiverFile file = QuiverFile.open(fixture)) {
      assertThat(file.schema()).isEqualTo(schema);
      for (int c = 0; c < 2; c++) {
        assertThat(file.chunks(c).get(0)).isInstanceOf(DictLayout.class);
        assertThat(file.chunks(c).get(file.chunks(c).size() - 1)).isInstanceOf(FlatLayout.class);
        try (FieldVector actual = file.read(c, 0, DICTIONARY_ROWS, memory.allocator())) {
          for (int row = 0; row < DICTIONARY_ROWS; row++) {
            Object value = actual.getObject(row);
            String text = value == null ? null
                : c == 0 ? value.toString() : new String((byte[]) value, StandardCharsets.UTF_8);
            assertThat(text).as("column %d row %d", c, row).isEqualTo(dictionaryValue(row));
          }
        }
      }
    }
  }

  private static final String FSST_FIXTURE = "v1.2-fsst.qvr";
  private static final int FSST_ROWS = 3_000;

  /** Row {@code row} of the 1.2 fixture: URL-like text with multibyte characters and nulls. */
  private static String fsstValue(long row) {
    if (row % 23 == 7) {
      return null;
    }
    String[] hosts = {"www.example.com", "news.site62.ru", "видео.рф", "shop.example.org"};
    String[] paths = {"catalog", "item", "search", "größe", "数据"};
    return "https://" + hosts[(int) (row % 4)] + "/" + paths[(int) (row * 7 % 5)] + "/"
        + (row * 2_654_435_761L % 100_000)
        + (row % 3 == 0 ? "?q=" + paths[(int) (row % 5)] : "");
  }

  @Test
  void version12FsstFileReadsToTheSameValues() throws IOException, URISyntaxException {
    Schema schema = new Schema(
        List.of(Field.nullable("url", ArrowType.Utf8.INSTANCE), Field.nullable("raw", ArrowType.Binary.INSTANCE)));
    Path target = writeTarget("1.2", FSST_FIXTURE);
    if (target != null) {
      try (QuiverWriter writer = QuiverWriter.create(target, schema, memory.allocator(),
          QuiverWriter.Options.defaults().withChunkBytes(32 * 1024).withColumnDictionaries(false)
              .withEncoding(EncodingOptions.defaults().forcing(EncodingKind.FSST)));
          VectorSchemaRoot batch = VectorSchemaRoot.create(schema, memory.allocator())) {
        for (int row = 0; row < FSST_ROWS; row++) {
          String value = fsstValue(row);
          if (value != null) {
            ((VarCharVector) batch.getVector(0)).setSafe(row, value.getBytes(StandardCharsets.UTF_8));
            ((VarBinaryVector) batch.getVector(1)).setSafe(row, value.getBytes(StandardCharsets.UTF_8));
          }
        }
        batch.setRowCount(FSST_ROWS);
        writer.write(batch);
      }
    }
    Path fixture = target != null ? target
        : Path.of(CompatibilityFixtureTest.class.getResource("/compatibility/" + FSST_FIXTURE).toURI());
    try (QuiverFile file = QuiverFile.open(fixture)) {
      assertThat(file.schema()).isEqualTo(schema);
      int fsstSegments = 0;
      for (int s = 0; s < file.footer().segments().size(); s++) {
        try (ArrowBuf segment = file.readSegment(s, memory.allocator())) {
          fsstSegments += ChunkCodec.describe(segment, "segment " + s).startsWith("fsst(") ? 1 : 0;
        }
      }
      assertThat(fsstSegments).as("fsst segments").isGreaterThan(2);
      for (int c = 0; c < 2; c++) {
        try (FieldVector actual = file.read(c, 0, FSST_ROWS, memory.allocator())) {
          for (int row = 0; row < FSST_ROWS; row++) {
            Object value = actual.getObject(row);
            String text = value == null ? null
                : c == 0 ? value.toString() : new String((byte[]) value, StandardCharsets.UTF_8);
            assertThat(text).as("column %d row %d", c, row).isEqualTo(fsstValue(row));
          }
        }
      }
    }
  }

  private void writeFixture(Path target) throws IOException {
    try (QuiverWriter writer = QuiverWriter.create(target, TestingTables.schema(), memory.allocator(),
        QuiverWriter.Options.defaults().withChunkBytes(2048));
        VectorSchemaRoot batch = TestingTables.batch(memory.allocator(), 0, ROWS, SEED, 10)) {
      writer.write(batch);
    }
  }
}
