package dev.quiver.sql.oracle;

import dev.quiver.common.batch.Batch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Turns an Arrow answer (the batches a Quiver query returns) into a {@link Result}: names from the
 * schema, types from {@link SqlTypes#name}, values from {@link ArrowValues}. This is the adapter
 * the integrator wraps around the session to make Quiver a {@link QueryRunner}, e.g.
 *
 * <pre>{@code
 * QueryRunner quiver = sql -> {
 *   try (var stream = session.sql(sql)) {            // whatever the session returns
 *     ArrowResults.Collector collector = new ArrowResults.Collector(stream.schema());
 *     while (stream.next()) collector.add(stream.root()); // or collector.add(batch)
 *     return collector.result();
 *   }
 * };
 * }</pre>
 *
 * The collector copies values out of each batch, so the caller keeps owning (and closes) them.
 * {@link Batch}es are read through their selection vector and dictionaries without materializing.
 */
public final class ArrowResults {
  private ArrowResults() {}

  /** The result of {@code batches} (all with {@code schema}); the batches stay the caller's. */
  public static Result of(Schema schema, Iterable<VectorSchemaRoot> batches) {
    Collector collector = new Collector(schema);
    for (VectorSchemaRoot batch : batches) {
      collector.add(batch);
    }
    return collector.result();
  }

  /** The result of every batch {@code reader} yields (read to the end; the caller closes the reader). */
  public static Result of(ArrowReader reader) throws IOException {
    Collector collector = new Collector(reader.getVectorSchemaRoot().getSchema());
    while (reader.loadNextBatch()) {
      collector.add(reader.getVectorSchemaRoot());
    }
    return collector.result();
  }

  /** Gathers the rows of batches one at a time. Not thread-safe. */
  public static final class Collector {
    private final List<String> names = new ArrayList<>();
    private final List<String> types = new ArrayList<>();
    private final List<List<Object>> rows = new ArrayList<>();

    /** A collector for answers with {@code schema} (a dictionary column's field has its values' type). */
    public Collector(Schema schema) {
      for (Field field : schema.getFields()) {
        names.add(field.getName());
        types.add(SqlTypes.name(field.getType()));
      }
    }

    /** Adds the rows of {@code batch}. */
    public Collector add(VectorSchemaRoot batch) {
      checkWidth(batch.getFieldVectors().size());
      List<FieldVector> vectors = batch.getFieldVectors();
      for (int row = 0; row < batch.getRowCount(); row++) {
        List<Object> values = new ArrayList<>(vectors.size());
        for (FieldVector vector : vectors) {
          values.add(ArrowValues.get(vector, row));
        }
        rows.add(values);
      }
      return this;
    }

    /** Adds the rows of {@code batch}: its selected rows, dictionary columns decoded. */
    public Collector add(Batch batch) {
      checkWidth(batch.columnCount());
      int[] selection = batch.hasSelection() ? batch.selection() : null;
      for (int row = 0; row < batch.rowCount(); row++) {
        int position = selection == null ? row : selection[row];
        List<Object> values = new ArrayList<>(batch.columnCount());
        for (int column = 0; column < batch.columnCount(); column++) {
          FieldVector vector = batch.vector(column);
          if (batch.isDictionaryEncoded(column)) {
            IntVector codes = (IntVector) vector;
            values.add(codes.isNull(position) ? null : ArrowValues.get(batch.dictionary(column), codes.get(position)));
          } else {
            values.add(ArrowValues.get(vector, position));
          }
        }
        rows.add(values);
      }
      return this;
    }

    /** The rows gathered so far. */
    public Result result() {
      return new Result(names, types, rows);
    }

    private void checkWidth(int columns) {
      if (columns != names.size()) {
        throw new IllegalArgumentException("a batch of " + columns + " columns for a result of " + names);
      }
    }
  }
}
