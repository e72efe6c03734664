package dev.quiver.datagen.tpcds;

import dev.quiver.common.QuiverException;
import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Turns the rows {@code io.trino.tpcds} generates for one table (as text, dsdgen's output) into
 * Arrow batches of {@code batchRows} rows, typed as {@link TpcdsSchemas} says. A null or empty value
 * is NULL, as dsdgen's empty fields are.
 */
final class TpcdsBatchFiller {
  private final Table table;
  private final Column[] columns;
  private final Schema schema;
  private final Iterator<List<List<String>>> rows;
  private final BufferAllocator allocator;
  private final int batchRows;

  TpcdsBatchFiller(Table table, double scale, BufferAllocator allocator, int batchRows) {
    this.table = table;
    this.columns = table.getColumns();
    this.schema = TpcdsSchemas.schema(table);
    Session session = Session.getDefaultSession().withScale(scale).withTable(table);
    this.rows = Results.constructResults(table, session).iterator();
    this.allocator = allocator;
    this.batchRows = batchRows;
  }

  /** The next batch (the caller's to close), or null when the table is done. */
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
        List<String> row = rows.next().get(0);
        for (int i = 0; i < vectors.size(); i++) {
          set(columns[i], vectors.get(i), count, row.get(i));
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

  private void set(Column column, FieldVector vector, int index, String value) {
    if (value == null || value.isEmpty()) {
      vector.setNull(index);
      return;
    }
    try {
      switch (column.getType().getBase()) {
        case IDENTIFIER:
        case INTEGER:
          ((IntVector) vector).set(index, Integer.parseInt(value));
          break;
        case DATE:
          ((DateDayVector) vector).set(index, Math.toIntExact(LocalDate.parse(value).toEpochDay()));
          break;
        case DECIMAL:
          ((DecimalVector) vector).set(index, unscaled(value, ((DecimalVector) vector).getScale()));
          break;
        default:
          ((VarCharVector) vector).setSafe(index, value.getBytes(StandardCharsets.UTF_8));
          break;
      }
    } catch (RuntimeException failure) {
      throw QuiverException.user("TPC-DS " + table.getName() + "." + column.getName() + ": cannot read '" + value
          + "' as " + column.getType().getBase() + ": " + failure.getMessage());
    }
  }

  /** {@code text} ("-12.3", "7", "0.05") as an unscaled long at {@code scale} digits after the point. */
  static long unscaled(String text, int scale) {
    int point = text.indexOf('.');
    String whole = point < 0 ? text : text.substring(0, point);
    String fraction = point < 0 ? "" : text.substring(point + 1);
    if (fraction.length() > scale) {
      throw new NumberFormatException("more than " + scale + " digits after the point");
    }
    boolean negative = whole.startsWith("-");
    long value = whole.isEmpty() || whole.equals("-") ? 0 : Math.abs(Long.parseLong(whole));
    for (int i = 0; i < scale; i++) {
      int digit = i < fraction.length() ? Character.digit(fraction.charAt(i), 10) : 0;
      if (digit < 0) {
        throw new NumberFormatException("not a digit: " + fraction.charAt(i));
      }
      value = Math.addExact(Math.multiplyExact(value, 10), digit);
    }
    return negative ? -value : value;
  }
}
