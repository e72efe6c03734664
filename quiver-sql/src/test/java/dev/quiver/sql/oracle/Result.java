package dev.quiver.sql.oracle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A query's whole answer: column names, column types spelled as SQL type names ({@code BIGINT},
 * {@code DECIMAL(15,2)}, {@code VARCHAR}, {@code DATE}, ...; see {@link SqlTypes}) and rows of
 * normalized values ({@link Values#normalize}: integers as {@code Long}, decimals as
 * {@code BigDecimal}, floating point as {@code Double}, dates as {@code LocalDate}, timestamps as
 * {@code LocalDateTime}, text as {@code String}, booleans as {@code Boolean}, SQL NULL as
 * {@code null}). Rows are in the order the engine returned them.
 */
public record Result(List<String> columnNames, List<String> columnTypes, List<List<Object>> rows) {
  /** Copies the lists (rows may hold nulls, so they are wrapped, not copied with List.copyOf). */
  public Result {
    Objects.requireNonNull(columnNames, "columnNames");
    Objects.requireNonNull(columnTypes, "columnTypes");
    if (columnNames.size() != columnTypes.size()) {
      throw new IllegalArgumentException(columnNames.size() + " names but " + columnTypes.size() + " types");
    }
    List<List<Object>> copied = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      if (row.size() != columnNames.size()) {
        throw new IllegalArgumentException("a row of " + row.size() + " values in a result of "
            + columnNames.size() + " columns: " + row);
      }
      copied.add(Collections.unmodifiableList(new ArrayList<>(row)));
    }
    columnNames = List.copyOf(columnNames);
    columnTypes = List.copyOf(columnTypes);
    rows = Collections.unmodifiableList(copied);
  }

  public int columnCount() {
    return columnNames.size();
  }

  public int rowCount() {
    return rows.size();
  }

  /** This result with other rows (same columns), e.g. to seed a wrong answer in a test. */
  public Result withRows(List<List<Object>> otherRows) {
    return new Result(columnNames, columnTypes, otherRows);
  }

  /** Names and types on one line, e.g. {@code [c0 BIGINT, c1 VARCHAR]}. */
  public String describeColumns() {
    List<String> columns = new ArrayList<>();
    for (int i = 0; i < columnNames.size(); i++) {
      columns.add(columnNames.get(i) + " " + columnTypes.get(i));
    }
    return columns.toString();
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(describeColumns()).append(' ').append(rows.size()).append(" rows");
    int shown = Math.min(rows.size(), 10);
    for (int i = 0; i < shown; i++) {
      text.append("\n  ").append(Values.formatRow(rows.get(i)));
    }
    if (shown < rows.size()) {
      text.append("\n  ...");
    }
    return text.toString();
  }
}
