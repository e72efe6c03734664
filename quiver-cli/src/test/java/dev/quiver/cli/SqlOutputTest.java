package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code quiver sql --output FILE}: the last result to a file, atomically, in every format. */
class SqlOutputTest {
  private static final String QUERY = "SELECT id, utf8, float64, date32 FROM t ORDER BY id";

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;
  private Path tables;

  @BeforeEach
  void writeTable() throws IOException {
    tables = directory.resolve("tables");
    Files.createDirectories(tables);
    try (VectorSchemaRoot root = TestTables.allTypes(memory.allocator(), 3_000, 11, true);
        QuiverWriter writer = QuiverWriter.create(tables.resolve("t.qvr"), root.getSchema(), memory.allocator())) {
      writer.write(root);
    }
  }

  private CommandRunner.Outcome sql(String... arguments) {
    String[] all = Stream.concat(Stream.of("sql", "--tables", tables.toString()), Stream.of(arguments))
        .toArray(String[]::new);
    return CommandRunner.run(memory.allocator(), all);
  }

  @ParameterizedTest
  @ValueSource(strings = {"qvr", "parquet", "arrow"})
  void aBinaryFileByItsExtensionHoldsTheRowsOfTheQuery(String extension) {
    Path out = directory.resolve("out." + extension);
    CommandRunner.Outcome written = sql("--output", out.toString(), QUERY);
    assertThat(written.exitCode()).as(written.err()).isZero();
    assertThat(written.out()).isEqualTo("3000 rows written to " + out + "\n");
    CommandRunner.Outcome expected = sql("--format", "csv", QUERY);
    CommandRunner.Outcome readBack = sql("--format", "csv", "SELECT * FROM '" + out + "' ORDER BY id");
    assertThat(readBack.exitCode()).as(readBack.err()).isZero();
    assertThat(readBack.out()).isEqualTo(expected.out());
  }

  @ParameterizedTest
  @ValueSource(strings = {"csv", "json", "markdown", "table"})
  void aTextFileHoldsWhatTheTerminalWouldHaveShown(String format) throws IOException {
    Path out = directory.resolve("out.txt");
    CommandRunner.Outcome written = sql("--format", format, "--output", out.toString(), QUERY);
    assertThat(written.exitCode()).as(written.err()).isZero();
    assertThat(written.out()).isEqualTo("3000 rows written to " + out + "\n");
    CommandRunner.Outcome printed = sql("--format", format, "--max-rows", "10000", QUERY);
    if (format.equals("table")) {
      // the last line is the row count and the time: the file's has no time
      List<String> lines = printed.out().lines().toList();
      assertThat(Files.readAllLines(out)).isEqualTo(
          Stream.concat(lines.subList(0, lines.size() - 1).stream(), Stream.of("3000 rows")).toList());
    } else {
      assertThat(Files.readString(out)).isEqualTo(printed.out());
    }
  }

  @Test
  void withoutFormatACsvFileIsCsvAndOnlyTheLastStatementGoesToIt() throws IOException {
    Path out = directory.resolve("out.csv");
    CommandRunner.Outcome written = sql("--output", out.toString(),
        "SELECT count(*) AS n FROM t; SELECT id FROM t WHERE id < 3 ORDER BY id");
    assertThat(written.exitCode()).as(written.err()).isZero();
    assertThat(written.out().lines().toList()).containsExactly("n", "3000", "3 rows written to " + out);
    assertThat(Files.readString(out))
        .isEqualTo(sql("--format", "csv", "SELECT id FROM t WHERE id < 3 ORDER BY id").out());
  }

  @Test
  void aFailingQueryLeavesTheFolderAsItWas() throws IOException {
    Path existing = directory.resolve("existing.parquet");
    Files.writeString(existing, "older");
    List<String> before = listing();
    for (String name : List.of("new.csv", "new.parquet", "new.qvr", "existing.parquet")) {
      CommandRunner.Outcome failed = sql("--output", directory.resolve(name).toString(),
          "SELECT CAST(utf8 AS INTEGER) AS n FROM t");
      assertThat(failed.exitCode()).as(name).isEqualTo(2);
      assertThat(failed.errorLines()).as(name).hasSize(1).allMatch(line -> line.startsWith("quiver: "));
      assertThat(listing()).as(name).isEqualTo(before);
    }
    CommandRunner.Outcome conflicting = sql("--format", "json", "--output", existing.toString(), QUERY);
    assertThat(conflicting.exitCode()).isEqualTo(2);
    assertThat(conflicting.err()).startsWith("quiver: --format applies to text output");
    assertThat(Files.readString(existing)).isEqualTo("older");
  }

  private List<String> listing() throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(path -> path.getFileName().toString()).sorted().toList();
    }
  }
}
