package dev.quiver.scan.execution;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A split's passing rows as runs: rows added in bulk give the same runs as rows added one at a time. */
class RowSelectionTest {
  @Test
  void rowsAddedInBulkGiveTheRunsOfRowsAddedOneByOne() {
    long seed = System.nanoTime();
    System.out.println("RowSelectionTest seed " + seed);
    Random random = new Random(seed);
    for (int round = 0; round < 500; round++) {
      RowSelection bulk = new RowSelection();
      RowSelection single = new RowSelection();
      long base = 0;
      for (int range = 0; range < 1 + random.nextInt(4); range++) {
        int count = random.nextInt(300);
        int density = 1 + random.nextInt(4); // 1: every row passes (one run); more: scattered rows and short runs
        int[] positions = new int[count];
        int passed = 0;
        for (int position = 0; position < count; position++) {
          if (random.nextInt(density) == 0) {
            positions[passed++] = position;
          }
        }
        bulk.addRows(base, positions, passed);
        for (int i = 0; i < passed; i++) {
          single.addRow(base + positions[i]);
        }
        base += count + (random.nextBoolean() ? 0 : random.nextInt(5)); // ranges that meet, and ranges apart
      }
      assertThat(runs(bulk)).as("seed %d round %d", seed, round).isEqualTo(runs(single));
      assertThat(bulk.rowCount()).isEqualTo(single.rowCount());
    }
  }

  private static List<String> runs(RowSelection selection) {
    List<String> runs = new ArrayList<>();
    for (int run = 0; run < selection.runCount(); run++) {
      runs.add(selection.start(run) + ".." + selection.end(run));
    }
    return runs;
  }
}
