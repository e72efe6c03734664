package dev.quiver.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.DictLayout;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.Layout;
import dev.quiver.format.layout.Layouts;
import dev.quiver.format.storage.SegmentLocation;
import dev.quiver.format.testing.ScanTables;
import dev.quiver.scan.execution.ScanArrowReader;
import dev.quiver.scan.execution.ScanResult;
import dev.quiver.scan.plan.SplitStrategy;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Scans without filters: values, shared decodes, metrics, and cleanup on every way a scan can end. */
class ScanTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private static final List<String> ALL = List.of("id", "flag", "text", "mode");

  /** Reads every batch, checks each row against the table; returns the rows seen. */
  private long verifyAll(ScanResult result, List<String> columns, long firstRow) throws IOException {
    long row = firstRow;
    for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
      try (VectorSchemaRoot batch = next) {
        for (int i = 0; i < batch.getRowCount(); i++, row++) {
          for (String column : columns) {
            Object expected = ScanTables.expected(column, row);
            Object actual = ScanTables.actual(batch, column, i);
            if (!Objects.equals(expected, actual)) {
              throw new AssertionError("row " + row + " column " + column + ": " + actual + " != " + expected);
            }
          }
        }
      }
    }
    return row - firstRow;
  }

  /** Distinct flat segments of the given columns: what a full scan must decode, once each. */
  private static int distinctSegments(Path path, List<String> columns) throws IOException {
    Set<Integer> segments = new HashSet<>();
    try (QuiverFile file = QuiverFile.open(path)) {
      for (String column : columns) {
        Layouts.flats(file.layout().children().get(file.columnIndex(column)))
            .forEach(flat -> segments.add(flat.segment()));
      }
    }
    return segments.size();
  }

  @ParameterizedTest(name = "{0} threads")
  @ValueSource(ints = {1, 2, 8})
  void everyRowOnceAndOneDecodePerChunkAtEveryThreadCount(int threads) throws IOException {
    Path file = ScanTables.write(directory.resolve("mixed.qvr"), 0, 60_000, 8 * 1024, memory.allocator());
    try (QuiverFile opened = QuiverFile.open(file)) {
      assertThat(opened.chunks(opened.columnIndex("mode")).get(0)).isInstanceOf(DictLayout.class);
      assertThat(opened.chunks(0).size()).isNotEqualTo(opened.chunks(2).size());
    }
    try (ScanResult result = Scan.of(file).threads(threads).open(memory.allocator())) {
      assertThat(verifyAll(result, ALL, 0)).isEqualTo(60_000);
      assertThat(result.metrics().get("decodes.started")).isEqualTo(distinctSegments(file, ALL));
      assertThat(result.plannedDecodes()).isEqualTo(distinctSegments(file, ALL));
      assertThat(result.metrics().get("splits")).isEqualTo(result.plan().splits().size()).isGreaterThan(10);
      assertThat(result.metrics().get("rows.returned")).isEqualTo(60_000);
      assertThat(result.metrics().get("rows.scanned")).isEqualTo(60_000);
      assertThat(result.metrics().get("segments.requested")).isEqualTo(distinctSegments(file, ALL));
      assertThat(result.metrics().get("bytes.held.peak")).isPositive();
      assertThat(result.bytesHeld()).as("every decode freed by its last split").isZero();
    }
  }

  @Test
  void splitsShareOneDecode() throws IOException {
    Path file = ScanTables.write(directory.resolve("one-chunk.qvr"), 0, 20_000, 1 << 20, memory.allocator());
    try (ScanResult result = Scan.of(file).columns("id").splitBy(SplitStrategy.fixed(10_000)).threads(2)
        .open(memory.allocator())) {
      assertThat(result.plan().splits()).hasSize(2);
      assertThat(verifyAll(result, List.of("id"), 0)).isEqualTo(20_000);
      assertThat(result.metrics().get("segments.requested")).isEqualTo(1);
      assertThat(result.metrics().get("decodes.started")).isEqualTo(1);
      assertThat(result.metrics().get("decodes.reused")).isEqualTo(1);
      assertThat(result.bytesHeld()).isZero();
    }
    // the decode lives as long as its planned splits, no longer: a new scan requests it again
    try (ScanResult again = Scan.of(file).columns("id").splitBy(SplitStrategy.fixed(10_000)).open(memory.allocator())) {
      verifyAll(again, List.of("id"), 0);
      assertThat(again.metrics().get("segments.requested")).isEqualTo(1);
    }
    // with sharing switched off, each split requests and decodes the chunk itself
    try (ScanResult unshared = Scan.of(file).columns("id").splitBy(SplitStrategy.fixed(10_000)).threads(2)
        .shareDecodes(false).open(memory.allocator())) {
      verifyAll(unshared, List.of("id"), 0);
      assertThat(unshared.metrics().get("segments.requested")).isEqualTo(2);
      assertThat(unshared.metrics().get("decodes.started")).isEqualTo(2);
    }
  }

  @Test
  void aFileReplacedWhileItIsScannedGivesTheOldRowsNeverAMix() throws IOException {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 60_000, 8 * 1024, memory.allocator());
    Path other = ScanTables.write(directory.resolve("other.qvr"), 1_000_000, 60_000, 32 * 1024, memory.allocator());
    try (ScanResult result = Scan.of(file).threads(2).open(memory.allocator())) {
      Files.move(other, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      assertThat(verifyAll(result, ALL, 0)).isEqualTo(60_000);
    }
  }

  @Test
  void aColumnAskedForTwiceIsRefusedByName() throws IOException {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 100, 8 * 1024, memory.allocator());
    assertThatThrownBy(() -> Scan.of(file).columns("id", "text", "id").open(memory.allocator()))
        .isInstanceOfSatisfying(QuiverException.class,
            failure -> assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER))
        .hasMessageContaining("column 'id' is asked for twice");
  }

  @Test
  void aConsumerThatStopsEarlyLeavesNothingBehind() throws IOException {
    Path file = ScanTables.write(directory.resolve("early.qvr"), 0, 60_000, 8 * 1024, memory.allocator());
    try (ScanResult result = Scan.of(file).threads(2).open(memory.allocator())) {
      try (VectorSchemaRoot first = result.nextBatch()) {
        assertThat(first.getRowCount()).isPositive();
      }
    }
  }

  @Test
  void aSplitThatThrowsFailsTheScanByNameAndLeavesNothingBehind() throws IOException {
    Path file = ScanTables.write(directory.resolve("damaged.qvr"), 0, 60_000, 8 * 1024, memory.allocator());
    SegmentLocation victim;
    try (QuiverFile opened = QuiverFile.open(file)) {
      List<Layout> chunks = opened.chunks(opened.columnIndex("text"));
      victim = opened.footer().segments().get(((FlatLayout) chunks.get(chunks.size() / 2)).segment());
    }
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) (victim.offset() + victim.length() / 2)] ^= 0x20;
    Files.write(file, bytes);
    for (int threads : new int[] {1, 2, 8}) {
      try (ScanResult result = Scan.of(file).threads(threads).open(memory.allocator())) {
        assertThatThrownBy(() -> {
          while (true) {
            try (VectorSchemaRoot batch = result.nextBatch()) {
              if (batch == null) {
                break;
              }
            }
          }
        }).isInstanceOf(CorruptFileException.class).hasMessageContaining(file.toString())
            .hasMessageContaining("checksum");
      }
    }
  }

  @Test
  void aScanCancelledFromAnotherThreadLeavesNothingBehind() throws Exception {
    Path file = ScanTables.write(directory.resolve("cancel.qvr"), 0, 60_000, 8 * 1024, memory.allocator());
    ScanResult result = Scan.of(file).threads(2).window(4).open(memory.allocator());
    try (VectorSchemaRoot first = result.nextBatch()) {
      assertThat(first).isNotNull();
    }
    Thread canceller = new Thread(result::close);
    canceller.start();
    canceller.join();
    assertThatThrownBy(result::nextBatch).hasMessageContaining("closed");
  }

  @Test
  void limitRowRangeTakeUnorderedAndZeroColumns() throws IOException {
    Path file = ScanTables.write(directory.resolve("shapes.qvr"), 0, 30_000, 8 * 1024, memory.allocator());
    try (ScanResult limited = Scan.of(file).limit(12_345).open(memory.allocator())) {
      assertThat(verifyAll(limited, ALL, 0)).isEqualTo(12_345);
    }
    try (ScanResult ranged = Scan.of(file).rowRange(5_000, 17_777).columns("text", "id").open(memory.allocator())) {
      assertThat(verifyAll(ranged, List.of("text", "id"), 5_000)).isEqualTo(12_777);
      assertThat(ranged.schema().getFields()).extracting(field -> field.getName()).containsExactly("text", "id");
    }
    long[] take = {29_999, 3, 17, 17, 4_096, 20_000, 0};
    try (ScanResult taken = Scan.of(file).rows(take).open(memory.allocator())) {
      long[] expectedRows = {0, 3, 17, 4_096, 20_000, 29_999};
      int seen = 0;
      for (VectorSchemaRoot next = taken.nextBatch(); next != null; next = taken.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          for (int i = 0; i < batch.getRowCount(); i++) {
            for (String column : ALL) {
              assertThat(ScanTables.actual(batch, column, i))
                  .isEqualTo(ScanTables.expected(column, expectedRows[seen]));
            }
            seen++;
          }
        }
      }
      assertThat(seen).isEqualTo(expectedRows.length);
      assertThat(taken.metrics().get("decodes.started")).as("a take reads only the chunks of its rows")
          .isLessThan(distinctSegments(file, ALL));
    }
    try (ScanResult unordered = Scan.of(file).ordered(false).threads(2).columns("id").open(memory.allocator())) {
      Set<Long> ids = new HashSet<>();
      for (VectorSchemaRoot next = unordered.nextBatch(); next != null; next = unordered.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          for (int i = 0; i < batch.getRowCount(); i++) {
            assertThat(ids.add((Long) batch.getVector(0).getObject(i))).isTrue();
          }
        }
      }
      assertThat(ids).hasSize(30_000).contains(ScanTables.id(0), ScanTables.id(29_999));
    }
    try (ScanResult counts = Scan.of(file).columns(List.of()).open(memory.allocator())) {
      long rows = 0;
      for (VectorSchemaRoot next = counts.nextBatch(); next != null; next = counts.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          assertThat(batch.getFieldVectors()).isEmpty();
          rows += batch.getRowCount();
        }
      }
      assertThat(rows).isEqualTo(30_000);
      assertThat(counts.metrics().get("decodes.started")).isZero();
    }
  }

  @Test
  void aFolderIsATableAndTheArrowReaderGivesTheSameRows() throws IOException {
    Path folder = Files.createDirectories(directory.resolve("table"));
    ScanTables.write(folder.resolve("part-0.qvr"), 0, 10_000, 8 * 1024, memory.allocator());
    ScanTables.write(folder.resolve("part-1.qvr"), 10_000, 7_000, 16 * 1024, memory.allocator());
    try (ScanArrowReader reader = Scan.of(folder).threads(2).openReader(memory.allocator())) {
      long row = 0;
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++, row++) {
          for (String column : ALL) {
            assertThat(ScanTables.actual(root, column, i)).as("row %d %s", row, column)
                .isEqualTo(ScanTables.expected(column, row));
          }
        }
      }
      assertThat(row).isEqualTo(17_000);
      assertThat(reader.result().metrics().get("rows.returned")).isEqualTo(17_000);
    }
    Files.write(folder.resolve("part-2.qvr"),
        Files.readAllBytes(ScanTables.write(directory.resolve("x.qvr"), 0, 10, 1024,
            memory.allocator())));
    try (ScanResult ranged = Scan.of(folder).rowRange(9_990, 10_010).columns("id").open(memory.allocator())) {
      assertThat(verifyAll(ranged, List.of("id"), 9_990)).isEqualTo(20);
    }
  }
}
