package dev.quiver.exec.join;

import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.DictionaryDecoder;
import dev.quiver.common.batch.VectorGather;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.Field;

/** Builds the batches of a join: chosen probe rows beside chosen build rows (-1: a row of NULLs). */
final class JoinGather {
  private JoinGather() {}

  /**
   * A batch of {@code count} rows: the probe batch's rows {@code probeRows} (positions among its
   * rows; -1 for NULLs) and, when {@code buildRows} is not null, the build table's rows {@code
   * buildRows} (-1 for NULLs), with the fields {@code fields}.
   */
  static Batch pairs(Batch probe, int[] probeRows, JoinTable table, int[] buildRows, int count, List<Field> fields,
      BufferAllocator allocator) {
    Batch.Builder builder = Batch.builder(count);
    try {
      int leftColumns = probe == null ? fields.size() - table.columns.size() : probe.columnCount();
      int[] physical = new int[count];
      int[] selection = probe == null ? null : probe.selection();
      for (int i = 0; i < count; i++) {
        int row = probeRows == null ? -1 : probeRows[i];
        physical[i] = row < 0 ? -1 : selection == null ? row : selection[row];
      }
      for (int column = 0; column < leftColumns; column++) {
        Field field = fields.get(column);
        if (probe == null) {
          FieldVector nulls = field.createVector(allocator);
          nulls.setInitialCapacity(Math.max(count, 1));
          nulls.allocateNew();
          nulls.setValueCount(count);
          builder.add(field, nulls);
        } else if (probe.isDictionaryEncoded(column)) {
          builder.add(field, decode(probe, column, physical, count, field, allocator));
        } else {
          builder.add(field, VectorGather.gather(probe.vector(column), physical, count, field, allocator));
        }
      }
      if (buildRows != null) {
        for (int column = 0; column < table.columns.size(); column++) {
          Field field = fields.get(leftColumns + column);
          builder.add(field, VectorGather.gather(table.columns.get(column), buildRows, count, field, allocator));
        }
      }
      return builder.build();
    } catch (RuntimeException failure) {
      builder.abandon();
      throw failure;
    }
  }

  private static FieldVector decode(Batch probe, int column, int[] physical, int count, Field field,
      BufferAllocator allocator) {
    boolean anyNull = false;
    for (int i = 0; i < count; i++) {
      anyNull |= physical[i] < 0;
    }
    if (!anyNull) {
      return DictionaryDecoder.decode(probe.dictionary(column), (IntVector) probe.vector(column), physical, count,
          field, allocator);
    }
    try (FieldVector values = DictionaryDecoder.decode(probe.dictionary(column), (IntVector) probe.vector(column),
        null, 0, probe.physicalRowCount(), field, allocator, "column " + field.getName())) {
      return VectorGather.gather(values, physical, count, field, allocator);
    }
  }
}
