package dev.quiver.bench.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A query's whole answer as one canonical text, the same from every system's Arrow batches: a line
 * {@value #SHAPE} with the {@link AnswerShape} resolved against the output columns
 * ({@code keys=1,3}, {@code limit=10}, {@code offset=0}), a header of column names, then one line per
 * row in the order the system returned them, values as {@link AnswerValues#value} writes them,
 * tab-separated. {@link SqlAnswerCheck} compares two of them.
 */
public final class SqlAnswer {
  static final String SHAPE = "#shape";

  private final StringBuilder text = new StringBuilder();
  private long rows;

  public SqlAnswer(AnswerShape shape, Schema schema) {
    List<String> names = new ArrayList<>();
    schema.getFields().forEach(field -> names.add(AnswerValues.escape(field.getName().toLowerCase(Locale.ROOT))));
    List<String> keys = new ArrayList<>();
    for (int column : shape.keyColumns(names)) {
      keys.add(Integer.toString(column));
    }
    text.append(SHAPE).append("\tkeys=").append(String.join(",", keys)).append("\tlimit=").append(shape.limit())
        .append("\toffset=").append(shape.offset()).append('\n');
    text.append(String.join("\t", names)).append('\n');
  }

  /** Adds one batch's rows. */
  public void add(VectorSchemaRoot batch) {
    List<FieldVector> vectors = batch.getFieldVectors();
    for (int row = 0; row < batch.getRowCount(); row++) {
      for (int column = 0; column < vectors.size(); column++) {
        if (column > 0) {
          text.append('\t');
        }
        text.append(AnswerValues.value(vectors.get(column), row));
      }
      text.append('\n');
    }
    rows += batch.getRowCount();
  }

  public long rows() {
    return rows;
  }

  public String text() {
    return text.toString();
  }
}
