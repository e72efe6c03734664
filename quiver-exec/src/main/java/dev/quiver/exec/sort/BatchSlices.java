package dev.quiver.exec.sort;

import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.DictionaryDecoder;
import dev.quiver.common.batch.VectorGather;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A batch too large for a sort sink's share of the memory, read as dense slices of consecutive rows
 * copied into the query's allocator one slice at a time (selection applied, dictionary columns
 * decoded), so the sink can spill between slices instead of holding the whole batch at once. The
 * batch itself stays with the caller, who closes it after the last slice.
 */
final class BatchSlices {
  private final Batch batch;
  private final List<Field> fields;
  private final int sliceRows;
  private final int[] positions;
  private int next;

  /**
   * @param batch the batch (read, not taken over)
   * @param fields the plain (dictionary-free) fields of the slices' vectors
   * @param sliceRows rows per slice (the last may have fewer)
   */
  BatchSlices(Batch batch, List<Field> fields, int sliceRows) {
    this.batch = batch;
    this.fields = fields;
    this.sliceRows = Math.max(1, sliceRows);
    this.positions = new int[Math.min(this.sliceRows, Math.max(1, batch.rowCount()))];
  }

  /**
   * How many rows each slice of {@code batch} should hold so that one slice takes about {@code
   * target} bytes, or 0 when the whole batch is estimated to take at most {@code whole} bytes (no
   * need to slice). The estimate is the bytes of the batch's buffers (dictionaries included) scaled
   * to its selected rows.
   */
  static int sliceRows(Batch batch, long whole, long target) {
    int rows = batch.rowCount();
    if (rows <= 1) {
      return 0;
    }
    long bytes = 0;
    for (int column = 0; column < batch.columnCount(); column++) {
      bytes += SortSink.bytes(new FieldVector[] {batch.vector(column)});
      if (batch.isDictionaryEncoded(column)) {
        bytes += SortSink.bytes(new FieldVector[] {batch.dictionary(column)});
      }
    }
    long estimate = batch.physicalRowCount() == 0 ? 0 : bytes * rows / batch.physicalRowCount();
    if (estimate <= whole) {
      return 0;
    }
    long perRow = Math.max(1, estimate / rows);
    return (int) Math.max(1, Math.min(rows, Math.max(1, target) / perRow));
  }

  /** Whether another slice is left. */
  boolean hasNext() {
    return next < batch.rowCount();
  }

  /** Rows of the slice {@link #nextSlice} returns next. */
  int nextRows() {
    return Math.min(sliceRows, batch.rowCount() - next);
  }

  /** The next slice's dense vectors in {@code allocator}, one per column (owned by the caller). */
  FieldVector[] nextSlice(BufferAllocator allocator) {
    int count = nextRows();
    int[] selection = batch.selection();
    for (int i = 0; i < count; i++) {
      positions[i] = selection == null ? next + i : selection[next + i];
    }
    FieldVector[] columns = new FieldVector[fields.size()];
    try {
      for (int column = 0; column < columns.length; column++) {
        Field field = fields.get(column);
        if (batch.isDictionaryEncoded(column)) {
          columns[column] = DictionaryDecoder.decode(batch.dictionary(column), (IntVector) batch.vector(column),
              positions, count, field, allocator);
        } else {
          columns[column] = VectorGather.gather(batch.vector(column), positions, count, field, allocator);
        }
      }
    } catch (RuntimeException failure) {
      for (FieldVector vector : columns) {
        if (vector != null) {
          vector.close();
        }
      }
      throw failure;
    }
    next += count;
    return columns;
  }
}
