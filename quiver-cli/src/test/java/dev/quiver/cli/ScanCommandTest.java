package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code quiver scan}: CSV rows equal the file's, the summary, the metric lines, user errors. */
class ScanCommandTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private Path write(int rows) throws IOException {
    Path file = directory.resolve("t.qvr");
    try (VectorSchemaRoot root = TestTables.allTypes(memory.allocator(), rows, 7, true);
        QuiverWriter writer = QuiverWriter.create(file, root.getSchema(), memory.allocator(),
            QuiverWriter.Options.defaults().withChunkBytes(16 * 1024))) {
      writer.write(root);
    }
    return file;
  }

  @Test
  void csvEqualsTheConvertedFileAndMetricsArePrinted() throws IOException {
    Path file = write(20_000);
    Path csv = directory.resolve("t.csv");
    CommandRunner.Outcome converted = CommandRunner.run(memory.allocator(), "convert", file.toString(), csv.toString());
    assertThat(converted.exitCode()).as(converted.err()).isZero();
    CommandRunner.Outcome scanned = CommandRunner.run(memory.allocator(), "scan", file.toString(), "--format", "csv",
        "--threads", "2", "--split-rows", "3000", "--metrics");
    assertThat(scanned.exitCode()).as(scanned.err()).isZero();
    assertThat(scanned.out()).isEqualTo(java.nio.file.Files.readString(csv));
    Map<String, Long> metrics = scanned.err().lines().filter(line -> line.startsWith("metric "))
        .map(line -> line.split(" ")).collect(Collectors.toMap(parts -> parts[1], parts -> Long.parseLong(parts[2])));
    assertThat(metrics).containsKeys("splits", "rows.scanned", "rows.returned", "zones.pruned", "segments.requested",
        "bytes.read", "decodes.started", "decodes.reused", "bytes.decoded", "bytes.held.peak");
    assertThat(metrics.get("splits")).isEqualTo(7);
    assertThat(metrics.get("rows.returned")).isEqualTo(20_000);
    assertThat(metrics.get("decodes.reused")).isPositive();
  }

  @Test
  void summaryShowsTheCountAndTheFirstRows() throws IOException {
    Path file = write(500);
    CommandRunner.Outcome outcome = CommandRunner.run(memory.allocator(), "scan", file.toString(), "--columns",
        "id,utf8");
    assertThat(outcome.exitCode()).as(outcome.err()).isZero();
    List<String> lines = outcome.out().lines().toList();
    assertThat(lines.get(0)).startsWith("500 rows in ");
    assertThat(lines.get(1)).isEqualTo("id,utf8");
    assertThat(lines).hasSize(2 + 10 + 1);
    assertThat(lines.get(12)).startsWith("… 490 more rows");
  }

  @Test
  void userErrorsAreOneLine() throws IOException {
    Path file = write(10);
    CommandRunner.Outcome missing = CommandRunner.run(memory.allocator(), "scan", file.toString(), "--columns", "nope");
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err()).contains("no column named 'nope'");
    CommandRunner.Outcome noFile = CommandRunner.run(memory.allocator(), "scan", directory.resolve("x.qvr").toString());
    assertThat(noFile.exitCode()).isEqualTo(2);
    assertThat(noFile.err()).contains("no such file or folder");
  }
}
