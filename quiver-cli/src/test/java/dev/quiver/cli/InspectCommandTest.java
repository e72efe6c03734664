package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code quiver inspect}: the text report and the JSON document of a small file. */
class InspectCommandTest {
  static final int ROWS = 20_000;
  static final long SEED = 42;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;
  private Path file;
  private int columns;
  private int segments;

  @BeforeEach
  void writeFile() throws IOException {
    file = directory.resolve("small.qvr");
    try (VectorSchemaRoot root = TestTables.allTypes(memory.allocator(), ROWS, SEED, true)) {
      columns = root.getSchema().getFields().size();
      try (QuiverWriter writer = QuiverWriter.create(file, root.getSchema(), memory.allocator(),
          // flat chunks only here; dictionaryRunsShowTheirValuesAndCodes covers dict layouts
          QuiverWriter.Options.defaults().withChunkBytes(64 * 1024).withColumnDictionaries(false))) {
        writer.write(root);
      }
    }
    try (QuiverFile opened = QuiverFile.open(file)) {
      segments = opened.footer().segments().size();
    }
    assertThat(segments).as("a small chunk size gives several chunks per column").isGreaterThan(columns);
  }

  @Test
  void textShowsColumnsTreeAndEncodings() {
    CommandRunner.Outcome outcome = CommandRunner.run(memory.allocator(), "inspect", file.toString());
    assertThat(outcome.exitCode()).as(outcome.err()).isZero();
    assertThat(outcome.err()).isEmpty();
    String text = outcome.out();
    assertThat(text).startsWith(file + ": 20,000 rows, " + columns + " columns, ");
    assertThat(text).contains("int8", "decimal_38_10", "decimal128(38,10)", "ts_nanos_utc", "timestamp(ns, UTC)");
    List<String> lines = text.lines().toList();
    assertThat(lines.stream().filter(line -> line.startsWith("struct  rows 0..20,000"))).hasSize(1);
    assertThat(lines.stream().filter(line -> line.startsWith("  zoned  "))).hasSize(columns);
    assertThat(lines.stream().filter(line -> line.startsWith("    chunked  "))).hasSize(columns);
    assertThat(lines.stream().filter(line -> line.startsWith("      flat  "))).hasSize(segments);
    assertThat(lines.stream().filter(line -> line.startsWith("total "))).hasSize(1);
    assertThat(text).doesNotContain("zone 0 ");
    String withZones = CommandRunner.run(memory.allocator(), "inspect", "--zones", file.toString()).out();
    long zoneLines = withZones.lines().filter(line -> line.trim().startsWith("zone ")).count();
    assertThat(zoneLines).isEqualTo((long) columns * ((ROWS + 8191) / 8192));
  }

  @Test
  void jsonIsTheSameTree() throws IOException {
    CommandRunner.Outcome outcome = CommandRunner.run(memory.allocator(), "inspect", "--format", "json", "--zones",
        file.toString());
    assertThat(outcome.exitCode()).as(outcome.err()).isZero();
    JsonNode document = new ObjectMapper().readTree(outcome.out());
    assertThat(document.get("rowCount").asLong()).isEqualTo(ROWS);
    assertThat(document.get("segmentCount").asInt()).isEqualTo(segments);
    assertThat(document.get("columns")).hasSize(columns);
    JsonNode layout = document.get("layout");
    assertThat(layout.get("kind").asText()).isEqualTo("struct");
    assertThat(layout.get("children")).hasSize(columns);
    List<JsonNode> flats = new ArrayList<>();
    collect(layout, "flat", flats);
    assertThat(flats).hasSize(segments);
    long compressed = 0;
    for (JsonNode zoned : layout.get("children")) {
      assertThat(zoned.get("kind").asText()).isEqualTo("zoned");
      assertThat(zoned.get("rowCount").asLong()).isEqualTo(ROWS);
      assertThat(zoned.get("zones")).hasSize((ROWS + 8191) / 8192);
      JsonNode chunked = zoned.get("children").get(0);
      assertThat(chunked.get("kind").asText()).isEqualTo("chunked");
      long rows = 0;
      for (JsonNode flat : chunked.get("children")) {
        assertThat(flat.get("rowOffset").asLong()).isEqualTo(rows);
        assertThat(flat.get("column").asText()).isEqualTo(zoned.get("column").asText());
        assertThat(flat.get("encoding").asText()).isNotBlank();
        rows += flat.get("rowCount").asLong();
        compressed += flat.get("compressedBytes").asLong();
      }
      assertThat(rows).as("rows of %s", zoned.get("column")).isEqualTo(ROWS);
    }
    assertThat(layout.get("compressedBytes").asLong()).isEqualTo(compressed);
    JsonNode id = document.get("columns").get(4);
    assertThat(id.get("name").asText()).isEqualTo("id");
    assertThat(id.get("statistics").get("min").asLong()).isZero();
    assertThat(id.get("statistics").get("max").asLong()).isEqualTo(ROWS - 1);
    assertThat(id.get("statistics").get("nullCount").asLong()).isZero();
  }

  private static void collect(JsonNode node, String kind, List<JsonNode> found) {
    if (node.get("kind").asText().equals(kind)) {
      found.add(node);
    }
    for (JsonNode child : node.get("children")) {
      collect(child, kind, found);
    }
  }

  @Test
  void dictionaryRunsShowTheirValuesAndCodes() throws IOException {
    Path modes = directory.resolve("modes.qvr");
    org.apache.arrow.vector.types.pojo.Schema schema = new org.apache.arrow.vector.types.pojo.Schema(List.of(
        org.apache.arrow.vector.types.pojo.Field.nullable("mode",
            org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        QuiverWriter writer = QuiverWriter.create(modes, schema, memory.allocator(),
            QuiverWriter.Options.defaults().withChunkBytes(16 * 1024))) {
      org.apache.arrow.vector.VarCharVector vector = (org.apache.arrow.vector.VarCharVector) root.getVector(0);
      for (int row = 0; row < ROWS; row++) {
        vector.setSafe(row, ("mode " + row % 7).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
      root.setRowCount(ROWS);
      writer.write(root);
    }
    CommandRunner.Outcome text = CommandRunner.run(memory.allocator(), "inspect", modes.toString());
    assertThat(text.exitCode()).as(text.err()).isZero();
    assertThat(text.out()).contains("      dict  rows 0..20,000  ", "        flat  values: 7 distinct values  segment ",
        "        chunked  codes:  rows 0..20,000  ", "          flat  codes:  rows 0..");
    CommandRunner.Outcome json = CommandRunner.run(memory.allocator(), "inspect", "--format", "json", modes.toString());
    assertThat(json.exitCode()).as(json.err()).isZero();
    JsonNode dict = new ObjectMapper().readTree(json.out()).get("layout").get("children").get(0).get("children").get(0)
        .get("children").get(0);
    assertThat(dict.get("kind").asText()).isEqualTo("dict");
    assertThat(dict.get("children").get(0).get("role").asText()).isEqualTo("values");
    assertThat(dict.get("children").get(0).get("rowCount").asLong()).isEqualTo(7);
    assertThat(dict.get("children").get(1).get("role").asText()).isEqualTo("codes");
    assertThat(dict.get("children").get(1).get("rowCount").asLong()).isEqualTo(ROWS);
  }
}
