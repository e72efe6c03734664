package dev.quiver.exec.sort;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.batch.Batch;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingRandomData;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A large batch read in slices (a selection applied, a dictionary column decoded) gives its rows in
 * order, each slice at most the rows asked; a batch within the bound is not sliced.
 */
class BatchSlicesTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void slicesGiveTheSelectedRowsInOrderWithDictionariesDecoded() {
    long seed = Long.getLong("quiver.test.seed", System.nanoTime());
    System.out.println("BatchSlicesTest seed " + seed);
    Random random = new Random(seed);
    for (int round = 0; round < 6; round++) {
      SortTestData.Piece drawn = SortTestData.pieces(random, SortTestData.WIDE, 1, 500).get(0);
      int rows = drawn.rows().size();
      int[] selection = round % 2 == 0 ? null
          : random.ints(rows, 0, rows).distinct().sorted().limit(1 + random.nextInt(rows)).toArray();
      SortTestData.Piece piece = new SortTestData.Piece(drawn.schema(), drawn.rows(), selection, round % 3 != 2);
      int sliceRows = 1 + random.nextInt(40);
      List<List<Object>> actual = new ArrayList<>();
      try (Batch batch = SortTestData.batch(piece, memory.allocator())) {
        BatchSlices slices = new BatchSlices(batch, SortTestData.WIDE.getFields(), sliceRows);
        while (slices.hasNext()) {
          int count = slices.nextRows();
          FieldVector[] columns = slices.nextSlice(memory.allocator());
          try {
            assertThat(count).isBetween(1, sliceRows);
            for (FieldVector column : columns) {
              assertThat(column.getValueCount()).isEqualTo(count);
            }
            for (int row = 0; row < count; row++) {
              Object[] cells = new Object[columns.length];
              for (int column = 0; column < columns.length; column++) {
                cells[column] = TestingRandomData.read(columns[column], row);
              }
              actual.add(SortTestData.rowOf(cells));
            }
          } finally {
            for (FieldVector column : columns) {
              column.close();
            }
          }
        }
      }
      List<List<Object>> expected = piece.selectedRows().stream().map(SortTestData::rowOf).toList();
      assertThat(actual).as("seed %d round %d, slices of %d", seed, round, sliceRows).isEqualTo(expected);
    }
  }

  @Test
  void onlyABatchOverTheBoundIsSliced() {
    SortTestData.Piece piece = SortTestData.pieces(new Random(5), SortTestData.WIDE, 1, 400).get(0);
    try (Batch batch = SortTestData.batch(piece, memory.allocator())) {
      assertThat(BatchSlices.sliceRows(batch, Long.MAX_VALUE, 1024)).as("within the bound").isZero();
      int rows = BatchSlices.sliceRows(batch, 1, 1024);
      assertThat(rows).as("over the bound: slices of about 1 KiB").isBetween(1, batch.rowCount() - 1);
    }
  }
}
