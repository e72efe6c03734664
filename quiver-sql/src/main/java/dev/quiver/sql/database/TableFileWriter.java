package dev.quiver.sql.database;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.execution.QueryExecution;
import dev.quiver.format.file.QuiverWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A query's rows into one new {@code .qvr} file of a table, under the table's columns (names, types,
 * nullability: the query's batches are re-labelled, not copied). A NOT NULL column that receives a
 * NULL fails the statement, naming the table and column; the file is then removed. The file is
 * written to a hidden temporary and renamed into place ({@link QuiverWriter}); it is no part of the
 * table until a manifest lists it.
 */
final class TableFileWriter {
  /** What was written: the file (null when the query gave no rows) and its rows. */
  record Written(Path file, long rows) {}

  private TableFileWriter() {}

  static Written write(QueryExecution execution, Path file, String table, Schema columns,
      org.apache.arrow.memory.BufferAllocator allocator) throws IOException {
    Schema fileSchema = filesSchema(columns);
    QuiverWriter writer = null;
    long rows = 0;
    boolean done = false;
    try {
      for (VectorSchemaRoot batch = execution.next(); batch != null; batch = execution.next()) {
        try (VectorSchemaRoot rowsOfBatch = batch) {
          if (rowsOfBatch.getRowCount() == 0) {
            continue;
          }
          List<FieldVector> vectors = new ArrayList<>(rowsOfBatch.getFieldVectors());
          if (vectors.size() != fileSchema.getFields().size()) {
            throw new QuiverException(dev.quiver.common.ErrorCode.INTERNAL, "a write to " + table + " got "
                + vectors.size() + " columns for " + fileSchema.getFields().size());
          }
          for (int c = 0; c < vectors.size(); c++) {
            Field column = columns.getFields().get(c);
            if (!column.isNullable() && vectors.get(c).getNullCount() > 0) {
              throw QuiverException.user("NOT NULL constraint failed: " + table + "." + column.getName());
            }
          }
          if (writer == null) {
            writer = QuiverWriter.create(file, fileSchema, allocator);
          }
          writer.write(new VectorSchemaRoot(fileSchema.getFields(), vectors, rowsOfBatch.getRowCount()));
          rows += rowsOfBatch.getRowCount();
        }
      }
      if (writer != null) {
        writer.close();
      }
      done = true;
      return new Written(writer == null ? null : file, rows);
    } finally {
      if (!done && writer != null) {
        writer.abort();
      }
    }
  }

  /** The columns as the files store them: no metadata (constraints and defaults live in the manifest). */
  static Schema filesSchema(Schema columns) {
    List<Field> fields = new ArrayList<>();
    for (Field field : columns.getFields()) {
      fields.add(new Field(field.getName(),
          new org.apache.arrow.vector.types.pojo.FieldType(field.isNullable(), field.getType(), null), List.of()));
    }
    return new Schema(fields);
  }
}
