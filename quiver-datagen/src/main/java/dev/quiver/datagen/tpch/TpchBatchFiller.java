package dev.quiver.datagen.tpch;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Turns the rows of one generator part of a TPC-H table into Arrow batches of {@code batchRows} rows,
 * typed as {@link TpchSchemas} says (money columns from the generator's exact cents).
 */
final class TpchBatchFiller<E extends TpchEntity> {
  private final List<TpchColumn<E>> columns;
  private final Schema schema;
  private final Iterator<E> rows;
  private final BufferAllocator allocator;
  private final int batchRows;

  TpchBatchFiller(TpchTable<E> table, double scale, int part, int partCount, BufferAllocator allocator, int batchRows) {
    this.columns = table.getColumns();
    this.schema = TpchSchemas.schema(table);
    this.rows = table.createGenerator(scale, part, partCount).iterator();
    this.allocator = allocator;
    this.batchRows = batchRows;
  }

  /** The next batch (the caller's to close), or null when the part is done. */
  VectorSchemaRoot next() {
    if (!rows.hasNext()) {
      return null;
    }
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      List<FieldVector> vectors = root.getFieldVectors();
      for (FieldVector vector : vectors) {
        vector.setInitialCapacity(batchRows);
        vector.allocateNew();
      }
      int count = 0;
      while (count < batchRows && rows.hasNext()) {
        E row = rows.next();
        for (int i = 0; i < vectors.size(); i++) {
          set(columns.get(i), vectors.get(i), count, row);
        }
        count++;
      }
      root.setRowCount(count);
      return root;
    } catch (RuntimeException failure) {
      root.close();
      throw failure;
    }
  }

  private static <E extends TpchEntity> void set(TpchColumn<E> column, FieldVector vector, int index, E row) {
    switch (column.getType().getBase()) {
      case IDENTIFIER:
        ((BigIntVector) vector).set(index, column.getIdentifier(row));
        break;
      case INTEGER:
        ((IntVector) vector).set(index, column.getInteger(row));
        break;
      case DATE:
        ((DateDayVector) vector).set(index, column.getDate(row));
        break;
      case DOUBLE:
        // getIdentifier of a money column is its exact value in hundredths (cents).
        ((DecimalVector) vector).set(index, column.getIdentifier(row));
        break;
      default:
        ((VarCharVector) vector).setSafe(index, column.getString(row).getBytes(StandardCharsets.UTF_8));
        break;
    }
  }
}
