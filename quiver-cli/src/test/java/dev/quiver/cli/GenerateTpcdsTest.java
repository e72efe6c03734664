package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverFile;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code quiver generate tpcds} on a few small tables at scale 0.01: files, row counts, DuckDB's names. */
class GenerateTpcdsTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void writesTheTablesAskedFor() throws IOException {
    CommandRunner.Outcome outcome = CommandRunner.run(memory.allocator(), "generate", "tpcds", "--scale", "0.01",
        "--output", directory.toString(), "--tables", "store,promotion,income_band");
    assertThat(outcome.exitCode()).as(outcome.err()).isZero();
    assertThat(outcome.errorLines().stream().filter(line -> line.startsWith("generate tpcds: "))).hasSize(4);
    try (var files = Files.list(directory)) {
      assertThat(files.map(path -> path.getFileName().toString())).containsExactlyInAnyOrder("store.qvr",
          "promotion.qvr", "income_band.qvr");
    }
    try (QuiverFile store = QuiverFile.open(directory.resolve("store.qvr"))) {
      assertThat(store.rowCount()).isEqualTo(2);
      assertThat(store.schema().findField("s_tax_percentage").getType().toString()).isEqualTo("Decimal(5, 2, 128)");
    }
    try (QuiverFile incomeBand = QuiverFile.open(directory.resolve("income_band.qvr"))) {
      assertThat(incomeBand.rowCount()).isEqualTo(20);
    }
    CommandRunner.Outcome unknown = CommandRunner.run(memory.allocator(), "generate", "tpcds", "--scale", "1",
        "--output", directory.toString(), "--tables", "stores");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.errorLines()).singleElement().asString().contains("unknown TPC-DS table 'stores'");
  }
}
