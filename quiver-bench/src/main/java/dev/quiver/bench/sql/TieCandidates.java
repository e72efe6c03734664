package dev.quiver.bench.sql;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The rows a cut run of ties may hold: read from the query's unlimited answer, every row whose ORDER
 * BY keys are those of the limited answer's first row (a run an OFFSET cuts: section
 * {@value #FIRST}) or last row (a run the LIMIT cuts: section {@value #LAST}). Appended by the
 * reference to its answer text, each section a line {@code #ties\tfirst} or {@code #ties\tlast} and
 * then the rows; {@link SqlAnswerCheck} then requires every row another system returned in a cut run
 * to be one of them. Past {@value #MAXIMUM_ROWS} rows (or {@value #MAXIMUM_CHARACTERS} characters) a section says {@code overflow} instead, and the
 * cut run is compared by its keys alone.
 */
public final class TieCandidates implements BatchSink {
  static final String TIES = "#ties";
  static final String FIRST = "first";
  static final String LAST = "last";
  static final String OVERFLOW = "overflow";
  static final int MAXIMUM_ROWS = 200_000;
  /** A section longer than this (characters) overflows too: the answer travels as JSON from a child JVM. */
  static final int MAXIMUM_CHARACTERS = 16 << 20;

  private final int[] keyColumns;
  private final String[] firstKeys;
  private final String[] lastKeys;
  private final StringBuilder first = new StringBuilder();
  private final StringBuilder last = new StringBuilder();
  private int firstRows;
  private int lastRows;

  /** The candidates of {@code answer}'s cut runs: its first run's only when it skipped an OFFSET. */
  public TieCandidates(SqlAnswer answer, boolean offset) {
    this.keyColumns = answer.keyColumns();
    this.firstKeys = offset ? answer.firstKeys() : null;
    this.lastKeys = answer.lastKeys();
  }

  @Override
  public void start(Schema schema) {}

  @Override
  public void add(VectorSchemaRoot batch) {
    List<FieldVector> vectors = batch.getFieldVectors();
    for (int row = 0; row < batch.getRowCount(); row++) {
      String[] keys = keys(vectors, keyColumns, row);
      if (firstKeys != null && AnswerValues.sameRow(firstKeys, keys)) {
        firstRows = line(first, firstRows, vectors, row);
      }
      if (lastKeys != null && AnswerValues.sameRow(lastKeys, keys)) {
        lastRows = line(last, lastRows, vectors, row);
      }
    }
  }

  /** Appends a row to a section of {@code count} rows unless it overflowed; the new count (past the maximum: overflow). */
  private static int line(StringBuilder text, int count, List<FieldVector> vectors, int row) {
    if (count >= MAXIMUM_ROWS || text.length() > MAXIMUM_CHARACTERS) {
      text.setLength(0);
      return MAXIMUM_ROWS + 1;
    }
    for (int column = 0; column < vectors.size(); column++) {
      if (column > 0) {
        text.append('\t');
      }
      text.append(AnswerValues.value(vectors.get(column), row));
    }
    text.append('\n');
    return count + 1;
  }

  /** The sections to append to the answer's text. */
  public String text() {
    StringBuilder text = new StringBuilder();
    if (firstKeys != null) {
      section(text, FIRST, first, firstRows);
    }
    if (lastKeys != null) {
      section(text, LAST, last, lastRows);
    }
    return text.toString();
  }

  private static void section(StringBuilder text, String name, StringBuilder rows, int count) {
    text.append(TIES).append('\t').append(name).append(count > MAXIMUM_ROWS ? "\t" + OVERFLOW : "").append('\n');
    if (count <= MAXIMUM_ROWS) {
      text.append(rows);
    }
  }

  /** The canonical values of a row's key columns. */
  static String[] keys(List<FieldVector> vectors, int[] keyColumns, int row) {
    String[] keys = new String[keyColumns.length];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = AnswerValues.value(vectors.get(keyColumns[i]), row);
    }
    return keys;
  }
}
