package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code quiver demo} in-process with a small table. */
class DemoCommandTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void roundTripsEveryCodecWithoutMismatches() {
    CommandRunner.Outcome demo = CommandRunner.run(memory.allocator(), "demo", "--rows", "20000", "--seed", "7",
        "--directory", directory.toString());
    assertThat(demo.exitCode()).as(demo.err()).isZero();
    assertThat(demo.out()).contains("seed 7").contains("(0 mismatches)");
    List<String> tableRows = demo.out().lines()
        .filter(line -> line.matches("^(none|lz4|zstd|snappy|zstd \\+ offsets as lengths) .*"))
        .toList();
    assertThat(tableRows).hasSize(5);
    for (String row : tableRows) {
      String[] cells = row.replace("zstd + offsets as lengths", "zstd+offsets").trim().split("\\s+");
      assertThat(cells[1]).as(row).isEqualTo("3");
      assertThat(cells[7]).as("cache hits: " + row).isEqualTo("2");
      assertThat(cells[8]).as("cache misses: " + row).isEqualTo("1");
      assertThat(cells[9]).as("fallbacks: " + row).isEqualTo("0");
      assertThat(cells[10]).as("mismatches: " + row).isEqualTo("0");
    }
    for (String suffix : List.of("none", "lz4", "zstd", "snappy", "zstd_offsets_as_lengths")) {
      Path file = directory.resolve("orders_" + suffix + ".data");
      assertThat(file).exists();
      CommandRunner.Outcome inspect = CommandRunner.run(memory.allocator(), "shuffle", "inspect", file.toString());
      assertThat(inspect.out()).contains("total: 3 blocks, 20000 rows");
    }
    assertThat(demo.out()).contains("./quiver shuffle inspect " + directory.resolve("orders_lz4.data"));
    // the scan half: its answer equals a row-by-row count (the demo fails otherwise) and it shows metrics
    assertThat(directory.resolve("orders.qvr")).exists();
    assertThat(demo.out()).contains("rows returned in").contains("(equal to a row-by-row count)")
        .containsPattern("decodes started \\d+ / reused \\d+");
  }

  @Test
  void mismatchesCountsEveryDifferingValue() {
    List<VectorSchemaRoot> expected = DemoTable.generate(memory.allocator(), 50, 11, 50);
    List<VectorSchemaRoot> actual = DemoTable.generate(memory.allocator(), 50, 11, 50);
    try {
      assertThat(DemoCodecTrial.mismatches(expected.get(0), actual.get(0))).isZero();
      VectorSchemaRoot changed = actual.get(0);
      ((Float8Vector) changed.getVector("price")).set(3, -1.0);
      int flagRow = firstNonNull(changed.getVector("flag"));
      changed.getVector("flag").setNull(flagRow);
      int amountRow = firstNonNull(changed.getVector("amount"));
      ((DecimalVector) changed.getVector("amount")).set(amountRow, 0L);
      assertThat(DemoCodecTrial.mismatches(expected.get(0), changed)).isEqualTo(3);
      actual.get(0).setRowCount(49);
      assertThat(DemoCodecTrial.mismatches(expected.get(0), actual.get(0))).isEqualTo(50L * 8);
    } finally {
      expected.forEach(VectorSchemaRoot::close);
      actual.forEach(VectorSchemaRoot::close);
    }
  }

  private static int firstNonNull(org.apache.arrow.vector.FieldVector vector) {
    int row = 0;
    while (vector.isNull(row)) {
      row++;
    }
    return row;
  }

  @Test
  void theSameSeedGivesTheSameRows() {
    CommandRunner.Outcome first = CommandRunner.run(memory.allocator(), "demo", "--rows", "100", "--seed", "3",
        "--directory", directory.resolve("a").toString());
    CommandRunner.Outcome second = CommandRunner.run(memory.allocator(), "demo", "--rows", "100", "--seed", "3",
        "--directory", directory.resolve("b").toString());
    CommandRunner.Outcome catFirst = CommandRunner.run(memory.allocator(), "shuffle", "cat",
        directory.resolve("a/orders_zstd.data").toString());
    CommandRunner.Outcome catSecond = CommandRunner.run(memory.allocator(), "shuffle", "cat",
        directory.resolve("b/orders_snappy.data").toString());
    assertThat(first.exitCode()).isZero();
    assertThat(second.exitCode()).isZero();
    assertThat(catFirst.out()).isEqualTo(catSecond.out()).hasLineCount(101);
  }
}
