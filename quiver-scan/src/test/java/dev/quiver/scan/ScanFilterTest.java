package dev.quiver.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.testing.ScanTables;
import dev.quiver.scan.execution.ScanResult;
import dev.quiver.scan.plan.SplitStrategy;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongPredicate;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Filtered scans return exactly the rows a row-by-row evaluation picks, and pruning costs no I/O. */
class ScanFilterTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;
  private static final long ROWS = 50_000;
  private Path file;

  @BeforeEach
  void write() throws IOException {
    file = ScanTables.write(directory.resolve("t.qvr"), 0, ROWS, 8 * 1024, memory.allocator());
  }

  private record Case(String sql, LongPredicate rows) {}

  private static boolean equalsText(String value, String expected) {
    return Objects.equals(value, expected);
  }

  private List<Long> scanIds(String sql, int threads, SplitStrategy splits, boolean verifyRows) throws IOException {
    List<Long> ids = new ArrayList<>();
    try (ScanResult result = Scan.of(file).filter(sql).threads(threads).splitBy(splits).open(memory.allocator())) {
      for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          for (int i = 0; i < batch.getRowCount(); i++) {
            long id = (Long) batch.getVector("id").getObject(i);
            long row = (id - 7) / 3;
            ids.add(row);
            if (verifyRows) {
              for (String column : List.of("flag", "text", "mode")) {
                assertThat(ScanTables.actual(batch, column, i)).isEqualTo(ScanTables.expected(column, row));
              }
            }
          }
        }
      }
    }
    return ids;
  }

  @Test
  void filteredRowsEqualARowByRowEvaluation() throws IOException {
    List<Case> cases = List.of(
        new Case("flag > 10", row -> ScanTables.flag(row) != null && ScanTables.flag(row) > 10),
        new Case("flag IS NULL", row -> ScanTables.flag(row) == null),
        new Case("NOT (flag < 0)", row -> ScanTables.flag(row) != null && !(ScanTables.flag(row) < 0)),
        new Case("mode = 'mode-3'", row -> equalsText(ScanTables.mode(row), "mode-3")),
        new Case("mode IN ('mode-1', 'mode-5') AND id < 90000",
            row -> (equalsText(ScanTables.mode(row), "mode-1") || equalsText(ScanTables.mode(row), "mode-5"))
                && ScanTables.id(row) < 90_000),
        new Case("text LIKE 'row 1%'", row -> ScanTables.text(row) != null && ScanTables.text(row).startsWith("row 1")),
        new Case("id BETWEEN 1000 AND 2000 OR flag = -50",
            row -> (ScanTables.id(row) >= 1000 && ScanTables.id(row) <= 2000)
                || (ScanTables.flag(row) != null && ScanTables.flag(row) == -50)),
        new Case("mode <> 'mode-2' AND text IS NOT NULL AND flag >= 45",
            row -> ScanTables.mode(row) != null && !ScanTables.mode(row).equals("mode-2")
                && ScanTables.text(row) != null
                && ScanTables.flag(row) != null && ScanTables.flag(row) >= 45));
    for (Case filter : cases) {
      List<Long> expected = new ArrayList<>();
      for (long row = 0; row < ROWS; row++) {
        if (filter.rows().test(row)) {
          expected.add(row);
        }
      }
      for (int threads : new int[] {1, 2, 8}) {
        SplitStrategy splits = threads == 8 ? SplitStrategy.fixed(3_333) : SplitStrategy.DEFAULT;
        assertThat(scanIds(filter.sql(), threads, splits, threads == 1)).as("%s at %d threads", filter.sql(), threads)
            .isEqualTo(expected);
      }
    }
  }

  @Test
  void zonesProvenFalseCostNoIo() throws IOException {
    try (ScanResult none = Scan.of(file).filter("id < 0").open(memory.allocator())) {
      assertThat(none.nextBatch()).isNull();
      assertThat(none.metrics().get("files.skipped")).isEqualTo(1);
      assertThat(none.metrics().get("segments.requested")).isZero();
      assertThat(none.metrics().get("bytes.read")).isZero();
    }
    // id = 3 × row + 7 ascends: zone maps keep only the zones of rows 10,000..12,000
    try (ScanResult some = Scan.of(file).filter("id BETWEEN 30007 AND 36004").columns("id").open(memory.allocator())) {
      long rows = 0;
      for (VectorSchemaRoot next = some.nextBatch(); next != null; next = some.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          rows += batch.getRowCount();
        }
      }
      assertThat(rows).isEqualTo(2_000);
      assertThat(some.metrics().get("zones.pruned")).isGreaterThan(40);
      assertThat(some.metrics().get("rows.scanned")).isLessThan(5_000);
    }
  }
}
