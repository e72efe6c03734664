package dev.quiver.scan.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.format.testing.ScanTables;
import dev.quiver.scan.Scan;
import dev.quiver.scan.plan.ScanPlan;
import dev.quiver.scan.plan.ScanSpec;
import dev.quiver.scan.plan.Split;
import dev.quiver.testing.TestingAllocator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Splits travel (serialized, to other threads) and read back the same rows the scan's own pool gives. */
class SplitReaderTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private static final List<String> COLUMNS = List.of("id", "flag", "text", "mode");

  private static List<List<Object>> rows(VectorSchemaRoot root) {
    List<List<Object>> rows = new ArrayList<>();
    for (int i = 0; i < root.getRowCount(); i++) {
      List<Object> row = new ArrayList<>();
      for (String column : COLUMNS) {
        row.add(ScanTables.actual(root, column, i));
      }
      rows.add(row);
    }
    return rows;
  }

  private List<List<Object>> scanned(Path file, String filter) throws IOException {
    List<List<Object>> rows = new ArrayList<>();
    try (ScanResult result = Scan.of(file).filter(filter).threads(2).open(memory.allocator())) {
      for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          rows.addAll(rows(batch));
        }
      }
    }
    return rows;
  }

  private static Split travel(Split split) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(split);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (Split) in.readObject();
    }
  }

  @Test
  void serializedSplitsReadOnOtherThreadsGiveTheScansRows() throws Exception {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 40_000, 8 * 1024, memory.allocator());
    String filter = "flag > 2 AND (mode = 'mode-3' OR text LIKE '%7%')";
    ScanPlan plan = Scan.of(file).filter(filter).plan();
    ScanSpec spec = travelSpec(plan.spec());
    assertThat(plan.splits()).hasSizeGreaterThan(3);
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try {
      List<Future<List<List<Object>>>> parts = new ArrayList<>();
      for (Split split : plan.splits()) {
        Split sent = travel(split);
        assertThat(sent).isEqualTo(split);
        parts.add(threads.submit(() -> {
          try (SplitReader reader = SplitReader.open(spec, sent, memory.allocator())) {
            assertThat(reader.schema().getFields()).hasSize(COLUMNS.size());
            Batch batch = reader.read();
            if (batch == null) {
              return List.<List<Object>>of();
            }
            assertThat(reader.metrics().get("splits")).isEqualTo(1);
            try (VectorSchemaRoot root = batch.materialize(memory.allocator())) {
              return rows(root);
            }
          }
        }));
      }
      List<List<Object>> read = new ArrayList<>();
      for (Future<List<List<Object>>> part : parts) {
        read.addAll(part.get());
      }
      List<List<Object>> expected = scanned(file, filter);
      assertThat(expected).isNotEmpty();
      assertThat(read).isEqualTo(expected);
    } finally {
      threads.shutdown();
    }
  }

  private static ScanSpec travelSpec(ScanSpec spec) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(spec);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (ScanSpec) in.readObject();
    }
  }

  @Test
  void aSplitOfAFileThatChangedIsRefused() throws IOException {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 20_000, 8 * 1024, memory.allocator());
    ScanPlan plan = Scan.of(file).plan();
    Path other = ScanTables.write(directory.resolve("other.qvr"), 5, 20_000, 8 * 1024, memory.allocator());
    Files.move(other, file, StandardCopyOption.REPLACE_EXISTING);
    assertThatThrownBy(() -> SplitReader.open(plan.spec(), plan.splits().get(0), memory.allocator()))
        .isInstanceOfSatisfying(QuiverException.class,
            failure -> assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER))
        .hasMessageContaining("changed since the scan was planned");
  }

  @Test
  void aReaderClosedWithoutReadingLeavesNothingBehind() throws IOException {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 20_000, 8 * 1024, memory.allocator());
    ScanPlan plan = Scan.of(file).plan();
    SplitReader.open(plan.spec(), plan.splits().get(1), memory.allocator()).close();
  }

  @Test
  void aDenseFilterResultIsPassedOnAsASelection() throws IOException {
    // flag > -40 passes 89 rows in every 100 (less the NULL flags): many runs, most rows of each piece
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 40_000, 64 * 1024, memory.allocator());
    Seen seen = scanBatches(file, "flag > -40", flag -> flag != null && flag > -40);
    assertThat(seen.selection).as("a dense scattered result is passed on as a selection").isTrue();
    assertThat(seen.dictionary).as("a dictionary column stays codes + values").isTrue();
  }

  @Test
  void aSparseFilterResultIsCompactedButKeepsItsDictionaries() throws IOException {
    // flag = 3 passes 1 row in 100: gathered at once, so the chunks are freed when the split ends
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 40_000, 64 * 1024, memory.allocator());
    Seen seen = scanBatches(file, "flag = 3", flag -> flag != null && flag == 3);
    assertThat(seen.selection).as("a sparse result is compacted").isFalse();
    assertThat(seen.dictionary).as("a compacted dictionary column stays codes + values").isTrue();
  }

  private static final class Seen {
    boolean selection;
    boolean dictionary;
  }

  /** Scans with the filter; checks every returned row against the table and the flag test; says what it saw. */
  private Seen scanBatches(Path file, String filter, java.util.function.Predicate<Integer> passes) throws IOException {
    Seen seen = new Seen();
    long row = 0;
    long returned = 0;
    try (ScanResult result = Scan.of(file).filter(filter).threads(1).open(memory.allocator())) {
      for (Batch batch = result.read(); batch != null; batch = result.read()) {
        int mode = batch.schema().getFields().indexOf(batch.schema().findField("mode"));
        seen.dictionary |= batch.isDictionaryEncoded(mode);
        seen.selection |= batch.hasSelection();
        try (VectorSchemaRoot root = batch.materialize(memory.allocator())) {
          for (int i = 0; i < root.getRowCount(); i++) {
            long id = (Long) root.getVector("id").getObject(i);
            long tableRow = (id - ScanTables.id(0)) / (ScanTables.id(1) - ScanTables.id(0));
            assertThat(tableRow).isGreaterThanOrEqualTo(row);
            row = tableRow + 1;
            for (String column : COLUMNS) {
              assertThat(ScanTables.actual(root, column, i)).isEqualTo(ScanTables.expected(column, tableRow));
            }
            returned++;
          }
        }
      }
    }
    long expected = 0;
    for (long tableRow = 0; tableRow < 40_000; tableRow++) {
      if (passes.test(ScanTables.flag(tableRow))) {
        expected++;
      }
    }
    assertThat(returned).isEqualTo(expected).isPositive();
    return seen;
  }
}
