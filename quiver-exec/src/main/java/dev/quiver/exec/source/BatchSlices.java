package dev.quiver.exec.source;

import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.VectorSlices;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Cuts a large batch (a whole scan split) into batches of at most a given number of rows, so
 * operators work on cache-sized batches and hold bounded memory. The pieces share the original's
 * buffers (Arrow slices with their own references; only validity bits at unaligned starts and
 * variable-width offsets are copied); a selection is cut with the rows it names; dictionary columns
 * stay codes, every piece referencing the same dictionary values.
 */
final class BatchSlices {
  private BatchSlices() {}

  /** The pieces of {@code batch} (which is left closed), in row order. */
  static List<Batch> cut(Batch batch, int maximumRows, BufferAllocator allocator) {
    List<Batch> pieces = new ArrayList<>();
    if (batch.rowCount() <= maximumRows) {
      pieces.add(batch);
      return pieces;
    }
    try (batch) {
      int rows = batch.rowCount();
      int[] selection = batch.selection();
      for (int from = 0; from < rows; from += maximumRows) {
        int count = Math.min(maximumRows, rows - from);
        int first = selection == null ? from : selection[from];
        int last = selection == null ? from + count - 1 : selection[from + count - 1];
        int span = last - first + 1;
        Batch.Builder builder = Batch.builder(span);
        try {
          for (int column = 0; column < batch.columnCount(); column++) {
            Field field = batch.schema().getFields().get(column);
            FieldVector piece = slice(batch.vector(column), first, span, allocator);
            if (batch.isDictionaryEncoded(column)) {
              FieldVector values = batch.dictionary(column);
              builder.addDictionary(field, (IntVector) piece, slice(values, 0, values.getValueCount(), allocator));
            } else {
              builder.add(field, piece);
            }
          }
          if (selection != null) {
            int[] rebased = new int[count];
            for (int i = 0; i < count; i++) {
              rebased[i] = selection[from + i] - first;
            }
            builder.selection(rebased, count);
          }
          pieces.add(builder.build());
        } catch (RuntimeException failure) {
          builder.abandon();
          pieces.forEach(Batch::close);
          throw failure;
        }
      }
    }
    return pieces;
  }

  private static FieldVector slice(FieldVector vector, int start, int length, BufferAllocator allocator) {
    return VectorSlices.slice(vector, start, length, allocator);
  }
}
