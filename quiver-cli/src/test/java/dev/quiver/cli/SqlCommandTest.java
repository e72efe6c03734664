package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code quiver sql}: results in every format, tables by folder, name and path, scripts, errors. */
class SqlCommandTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private Path write(String name, int rows) throws IOException {
    Path file = directory.resolve(name + ".qvr");
    try (VectorSchemaRoot root = TestTables.allTypes(memory.allocator(), rows, 7, true);
        QuiverWriter writer = QuiverWriter.create(file, root.getSchema(), memory.allocator())) {
      writer.write(root);
    }
    return file;
  }

  @Test
  void csvOfAQueryOverATablesFolderEqualsTheScansRows() throws IOException {
    write("t", 2_000);
    CommandRunner.Outcome counted = CommandRunner.run(memory.allocator(), "sql", "--tables", directory.toString(),
        "--format", "csv", "SELECT count(*) AS n, count(utf8) AS texts FROM t");
    assertThat(counted.exitCode()).as(counted.err()).isZero();
    CommandRunner.Outcome scanned = CommandRunner.run(memory.allocator(), "scan", directory.resolve("t.qvr").toString(),
        "--format", "csv", "--columns", "utf8");
    long texts = scanned.out().lines().skip(1).filter(line -> !line.equals("\\N")).count();
    assertThat(counted.out().lines().toList()).containsExactly("n,texts", "2000," + texts);
  }

  @Test
  void tableAndJsonFormatsShowNamesTypesAndRows() throws IOException {
    Path file = write("t", 100);
    CommandRunner.Outcome table = CommandRunner.run(memory.allocator(), "sql", "--table", "things=" + file,
        "--format", "table", "SELECT id, id * 2 AS twice FROM things ORDER BY id LIMIT 3");
    assertThat(table.exitCode()).as(table.err()).isZero();
    List<String> lines = table.out().lines().toList();
    assertThat(lines.get(0)).contains("id").contains("twice");
    assertThat(lines.get(1)).contains("BIGINT");
    assertThat(lines.get(lines.size() - 1)).startsWith("3 rows in ");
    CommandRunner.Outcome capped = CommandRunner.run(memory.allocator(), "sql", "--table", "things=" + file,
        "--format", "table", "--max-rows", "4", "SELECT id FROM things ORDER BY id");
    List<String> cappedLines = capped.out().lines().toList();
    // names, types, rule, the first 2 rows, the ⋮ line, the last 2 rows, the count
    assertThat(cappedLines).hasSize(9);
    assertThat(cappedLines.get(5).strip()).isEqualTo("⋮");
    assertThat(cappedLines.get(8)).startsWith("100 rows (4 shown) in ");
    CommandRunner.Outcome json = CommandRunner.run(memory.allocator(), "sql", "--table", "things=" + file,
        "--format", "json", "SELECT id FROM things ORDER BY id LIMIT 2");
    assertThat(json.exitCode()).as(json.err()).isZero();
    assertThat(json.out().lines().toList()).hasSize(2).allMatch(line -> line.startsWith("{\"id\": "));
  }

  @Test
  void markdownFormatPrintsAGitHubTableWithNumbersRightAlignedAndPipesEscaped() throws IOException {
    Path file = write("t", 100);
    CommandRunner.Outcome markdown = CommandRunner.run(memory.allocator(), "sql", "--table", "things=" + file,
        "--format", "markdown", "SELECT id, 'a|b' AS s, CAST(NULL AS VARCHAR) AS n FROM things ORDER BY id LIMIT 2");
    assertThat(markdown.exitCode()).as(markdown.err()).isZero();
    List<String> lines = markdown.out().lines().toList();
    assertThat(lines).hasSize(4);
    assertThat(lines.get(0)).isEqualTo("| id | s | n |");
    assertThat(lines.get(1)).isEqualTo("| ---: | --- | --- |");
    assertThat(lines.subList(2, 4)).allMatch(line -> line.matches("\\| -?\\d+ \\| a\\\\\\|b \\| NULL \\|"));
  }

  @Test
  void aFileOfStatementsRunsInOrderAndExplainPrintsThePlan() throws IOException {
    Path file = write("t", 50);
    Path script = directory.resolve("q.sql");
    Files.writeString(script, "-- two statements\nSELECT count(*) AS n FROM '" + file + "';\n"
        + "EXPLAIN SELECT id FROM '" + file + "' WHERE id > 3;\n");
    CommandRunner.Outcome outcome = CommandRunner.run(memory.allocator(), "sql", "--format", "csv", "--file",
        script.toString());
    assertThat(outcome.exitCode()).as(outcome.err()).isZero();
    assertThat(outcome.out()).startsWith("n\n50\n").contains("TableScan[");
  }

  @Test
  void csvColumnTypesOverrideInferenceOfCsvTables() throws IOException {
    Path file = directory.resolve("zips.csv");
    Files.writeString(file, "zip,n\n02134,1\n90210,2\n");
    CommandRunner.Outcome typed = CommandRunner.run(memory.allocator(), "sql", "--format", "csv", "--column-type",
        "zip=utf8", "--column-type", "n=float64", "SELECT zip, n / 4 AS q FROM '" + file + "' ORDER BY zip");
    assertThat(typed.exitCode()).as(typed.err()).isZero();
    assertThat(typed.out().lines().toList()).containsExactly("zip,q", "02134,0.25", "90210,0.5");
    CommandRunner.Outcome inferred = CommandRunner.run(memory.allocator(), "sql", "--format", "csv",
        "SELECT zip FROM '" + file + "' ORDER BY zip");
    assertThat(inferred.out().lines().toList()).as("a leading zero keeps zip text").containsExactly("zip", "02134",
        "90210");
    CommandRunner.Outcome bad = CommandRunner.run(memory.allocator(), "sql", "--column-type", "zip=int99",
        "SELECT * FROM '" + file + "'");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).contains("int99");
  }

  @Test
  void badSqlNamesLineAndColumnInTheWholeTextAndExitsTwo() throws IOException {
    write("t", 10);
    CommandRunner.Outcome outcome = CommandRunner.run(memory.allocator(), "sql", "--tables", directory.toString(),
        "SELECT 1;\nSELECT idd FROM t");
    assertThat(outcome.exitCode()).isEqualTo(2);
    assertThat(outcome.err().strip()).startsWith("quiver: line 2:8: ").contains("'id'");
    CommandRunner.Outcome unknown = CommandRunner.run(memory.allocator(), "sql", "--tables", directory.toString(),
        "SELECT * FROM tt");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).contains("'t'");
  }
}
