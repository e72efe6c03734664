package dev.quiver.bench.tpch;

import dev.quiver.bench.sql.AnswerValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A query's whole answer in one canonical text, the same from every system's Arrow batches: a
 * line saying how the rows are ordered ({@value #ORDER}, then {@value #UNORDERED} for a query
 * without ORDER BY, the column numbers of its ORDER BY keys, or {@value #STRICT} when a key is not an
 * output column: then the whole row order counts), a header of column names, then one line per row
 * in the order the system returned them, each value tagged with its kind ({@code n:} a number
 * written exactly, {@code s:} a string, escaped, {@code d:} a date, {@code b:} a boolean, {@code -}
 * null), tab-separated. {@link TpchAnswerCheck} compares two of them, numbers with a tolerance.
 */
public final class TpchAnswer {
  static final String ORDER = "#order";
  static final String UNORDERED = "none";
  static final String STRICT = "strict";

  private final List<String> orderKeys;
  private final StringBuilder text = new StringBuilder();
  private long rows;

  /**
   * @param orderKeys the output columns the query's ORDER BY names ({@link TpchSql#orderKeys})
   * @param schema the result's columns
   */
  public TpchAnswer(List<String> orderKeys, Schema schema) {
    this.orderKeys = List.copyOf(orderKeys);
    List<String> names = new ArrayList<>();
    schema.getFields().forEach(field -> names.add(escape(field.getName().toLowerCase(Locale.ROOT))));
    text.append(ORDER).append('\t').append(order(names)).append('\n');
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
        text.append(value(vectors.get(column), row));
      }
      text.append('\n');
    }
    rows += batch.getRowCount();
  }

  private String order(List<String> names) {
    if (orderKeys.isEmpty()) {
      return UNORDERED;
    }
    List<String> columns = new ArrayList<>();
    for (String key : orderKeys) {
      int column = names.indexOf(key);
      if (column < 0) {
        return STRICT;
      }
      columns.add(Integer.toString(column));
    }
    return String.join("\t", columns);
  }

  public long rows() {
    return rows;
  }

  /** The canonical text. */
  public String text() {
    return text.toString();
  }

  /** The canonical text of one value ({@link AnswerValues#value}). */
  static String value(FieldVector vector, int row) {
    return AnswerValues.value(vector, row);
  }

  static String escape(String text) {
    return AnswerValues.escape(text);
  }
}
