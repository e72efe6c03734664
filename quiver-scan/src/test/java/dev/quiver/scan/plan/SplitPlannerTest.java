package dev.quiver.scan.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.testing.ScanTables;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Split planning, property-based: no gaps, no overlaps, every wanted row exactly once. */
class SplitPlannerTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;
  private final List<Path> paths = new ArrayList<>();
  private final List<Long> rows = List.of(9_000L, 1L, 23_456L);

  @BeforeEach
  void writeFilesWithDifferentLayouts() throws IOException {
    long first = 0;
    long[] chunkBytes = {4 * 1024, 1 << 20, 9 * 1024};
    for (int i = 0; i < rows.size(); i++) {
      paths.add(ScanTables.write(directory.resolve("part-" + i + ".qvr"), first, rows.get(i), chunkBytes[i],
          memory.allocator()));
      first += rows.get(i);
    }
  }

  @Test
  void everyRowExactlyOnceForRandomLayoutsRangesAndSelections() throws IOException {
    long seed = Long.getLong("quiver.test.seed", System.nanoTime());
    System.out.println("SplitPlannerTest seed " + seed);
    Random random = new Random(seed);
    List<QuiverFile> files = new ArrayList<>();
    try {
      for (Path path : paths) {
        files.add(QuiverFile.open(path));
      }
      long total = rows.stream().mapToLong(Long::longValue).sum();
      List<String> columnsPool = List.of("id", "flag", "text", "mode");
      for (int trial = 0; trial < 300; trial++) {
        List<String> columns = new ArrayList<>();
        for (String column : columnsPool) {
          if (random.nextBoolean()) {
            columns.add(column);
          }
        }
        SplitStrategy strategy = random.nextBoolean() ? SplitStrategy.byLayout(1 + random.nextInt(20_000))
            : SplitStrategy.fixed(1 + random.nextInt(15_000));
        long[] range = null;
        if (random.nextBoolean()) {
          long start = (long) (random.nextDouble() * (total + 10));
          range = new long[] {start, start + (long) (random.nextDouble() * (total + 10 - start))};
        }
        long[] selection = null;
        if (random.nextInt(3) == 0) {
          selection = new long[random.nextInt(50)];
          for (int i = 0; i < selection.length; i++) {
            selection[i] = (long) (random.nextDouble() * (total + 5));
          }
        }
        String context = "trial " + trial + " seed " + seed + " " + strategy + " columns " + columns;
        ScanPlan plan = SplitPlanner.plan(files, columns, null, strategy, range, selection);
        TreeSet<Long> expected = new TreeSet<>();
        long low = range == null ? 0 : range[0];
        long high = range == null ? total : Math.min(total, range[1]);
        if (selection != null) {
          for (long row : selection) {
            if (row >= low && row < high) {
              expected.add(row);
            }
          }
        }
        long covered = 0;
        long previousEnd = -1;
        int previousFile = -1;
        TreeSet<Long> selected = new TreeSet<>();
        for (Split split : plan.splits()) {
          assertThat(split.index()).as(context).isEqualTo(plan.splits().indexOf(split));
          int fileIndex = plan.fileIndex(split);
          assertThat(plan.files().get(fileIndex)).as(context).isEqualTo(split.file());
          long base = 0;
          for (int f = 0; f < fileIndex; f++) {
            base += rows.get(f);
          }
          assertThat(fileIndex).as(context).isGreaterThanOrEqualTo(previousFile);
          if (fileIndex != previousFile) {
            previousEnd = -1;
            previousFile = fileIndex;
          }
          if (strategy.byLayout() || selection != null) {
            assertThat(split.end() - split.start()).as(context).isLessThanOrEqualTo(strategy.rows());
          }
          for (RowRange rowRange : split.ranges()) {
            assertThat(rowRange.start()).as(context + ": ascending, no overlap").isGreaterThanOrEqualTo(previousEnd);
            assertThat(rowRange.start()).as(context).isGreaterThanOrEqualTo(split.start());
            assertThat(rowRange.end()).as(context).isLessThanOrEqualTo(split.end()).isGreaterThan(rowRange.start());
            // inside the wanted rows; with no overlap and the right total this means no gap either
            assertThat(rowRange.start() + base).as(context).isGreaterThanOrEqualTo(low);
            assertThat(rowRange.end() + base).as(context).isLessThanOrEqualTo(high);
            previousEnd = rowRange.end();
            covered += rowRange.rowCount();
          }
          if (split.selectedRows() != null) {
            for (long row : split.selectedRows()) {
              assertThat(selected.add(row + base)).as(context + ": selected once").isTrue();
            }
          }
          assertThat(plan.pieces(split)).hasSize(plan.touchedColumns().size());
        }
        if (selection == null) {
          assertThat(covered).as(context + ": every row once").isEqualTo(Math.max(0, high - low));
        } else {
          assertThat(selected).as(context).isEqualTo(expected);
        }
      }
    } finally {
      for (QuiverFile file : files) {
        file.close();
      }
    }
  }
}
