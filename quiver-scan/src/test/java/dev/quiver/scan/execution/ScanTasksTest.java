package dev.quiver.scan.execution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.batch.Batch;
import dev.quiver.format.testing.ScanTables;
import dev.quiver.scan.Scan;
import dev.quiver.scan.plan.Split;
import dev.quiver.testing.TestingAllocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Splits taken and run by the caller's own threads give the rows the scan's pool gives, decoded once. */
class ScanTasksTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private static final List<String> COLUMNS = List.of("id", "flag", "text", "mode");

  private static void collect(VectorSchemaRoot root, List<List<Object>> into) {
    for (int i = 0; i < root.getRowCount(); i++) {
      List<Object> row = new ArrayList<>();
      for (String column : COLUMNS) {
        row.add(ScanTables.actual(root, column, i));
      }
      into.add(row);
    }
  }

  @Test
  void threadsTakingSplitsReadEveryRowOnceWithSharedDecodes() throws Exception {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 50_000, 8 * 1024, memory.allocator());
    String filter = "flag > 2 AND (mode = 'mode-3' OR text LIKE '%7%')";
    List<List<Object>> expected = new ArrayList<>();
    try (ScanResult result = Scan.of(file).filter(filter).threads(2).open(memory.allocator())) {
      for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          collect(batch, expected);
        }
      }
    }
    List<List<Object>> actual = Collections.synchronizedList(new ArrayList<>());
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try (ScanTasks tasks = Scan.of(file).filter(filter).openTasks(memory.allocator())) {
      assertThat(tasks.splitCount()).isGreaterThan(3);
      List<Future<?>> running = new ArrayList<>();
      for (int t = 0; t < 3; t++) {
        running.add(threads.submit(() -> {
          for (Split split = tasks.next(); split != null; split = tasks.next()) {
            Batch batch = tasks.run(split);
            if (batch != null) {
              List<List<Object>> mine = new ArrayList<>();
              try (VectorSchemaRoot root = batch.materialize(memory.allocator())) {
                collect(root, mine);
              }
              actual.addAll(mine);
            }
          }
          return null;
        }));
      }
      for (Future<?> future : running) {
        future.get();
      }
      // three threads, one decode per distinct segment: none decoded twice
      assertThat(tasks.metrics().get("decodes.started")).isLessThanOrEqualTo(planned(file, filter));
      assertThat(tasks.metrics().get("splits")).isEqualTo(tasks.splitCount());
    } finally {
      threads.shutdown();
    }
    assertThat(actual).hasSize(expected.size()).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(expected).isNotEmpty();
  }

  private long planned(Path file, String filter) throws Exception {
    try (ScanResult result = Scan.of(file).filter(filter).open(memory.allocator())) {
      return result.plannedDecodes();
    }
  }

  @Test
  void closingBeforeEverySplitRanFreesTheDecodes() throws Exception {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 30_000, 8 * 1024, memory.allocator());
    try (ScanTasks tasks = Scan.of(file).openTasks(memory.allocator())) {
      Split first = tasks.next();
      try (Batch batch = tasks.run(first)) {
        assertThat(batch.rowCount()).isPositive();
      }
      assertThat(tasks.next()).isNotNull();
    }
    // the allocator extension fails the test if the unrun splits' decodes were not freed
  }
}
