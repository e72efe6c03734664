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
 * tab-separated; the reference may append the candidates of the runs of ties a LIMIT or OFFSET cut
 * ({@link TieCandidates}). {@link SqlAnswerCheck} compares two of them.
 */
public final class SqlAnswer implements BatchSink {
  static final String SHAPE = "#shape";

  private final AnswerShape shape;
  private final StringBuilder text = new StringBuilder();
  private int[] keyColumns;
  private String[] firstKeys;
  private String[] lastKeys;
  private long rows;

  public SqlAnswer(AnswerShape shape) {
    this.shape = shape;
  }

  @Override
  public void start(Schema schema) {
    List<String> names = new ArrayList<>();
    schema.getFields().forEach(field -> names.add(AnswerValues.escape(field.getName().toLowerCase(Locale.ROOT))));
    keyColumns = shape.keyColumns(names);
    List<String> keys = new ArrayList<>();
    for (int column : keyColumns) {
      keys.add(Integer.toString(column));
    }
    text.append(SHAPE).append("\tkeys=").append(String.join(",", keys)).append("\tlimit=").append(shape.limit())
        .append("\toffset=").append(shape.offset()).append('\n');
    text.append(String.join("\t", names)).append('\n');
  }

  /** Adds one batch's rows. */
  @Override
  public void add(VectorSchemaRoot batch) {
    List<FieldVector> vectors = batch.getFieldVectors();
    for (int row = 0; row < batch.getRowCount(); row++) {
      lastKeys = TieCandidates.keys(vectors, keyColumns, row);
      if (firstKeys == null) {
        firstKeys = lastKeys;
      }
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

  /**
   * Whether a LIMIT or OFFSET may have cut a run of ties: the answer is ordered, has rows, and has
   * exactly LIMIT rows or skipped an OFFSET. Then {@link TieCandidates} can list what else the cut
   * runs could hold.
   */
  public boolean cut() {
    return rows > 0 && (rows == shape.limit() || shape.offset() > 0);
  }

  /** The key columns (after {@link #start}). */
  int[] keyColumns() {
    return keyColumns.clone();
  }

  /** The ORDER BY key values of the first row (canonical text), or null without rows. */
  String[] firstKeys() {
    return firstKeys;
  }

  /** The ORDER BY key values of the last row (canonical text), or null without rows. */
  String[] lastKeys() {
    return lastKeys;
  }

  public String text() {
    return text.toString();
  }
}
