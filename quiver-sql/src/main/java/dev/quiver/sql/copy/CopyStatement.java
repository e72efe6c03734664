package dev.quiver.sql.copy;

import dev.quiver.sql.SqlException;

/**
 * A parsed {@code COPY (query) TO 'path' (options)} or {@code COPY table TO 'path'}.
 *
 * @param query the text of the query to run ({@code SELECT * FROM table} for a table)
 * @param queryLine the 1-based line of the whole text where the query's first line starts
 * @param queryColumn the 1-based column of the whole text where the query's first character sits
 * @param target where the rows go
 */
public record CopyStatement(String query, int queryLine, int queryColumn, CopyTarget target) {
  /** A failure planning {@link #query}, moved to its position in the whole text. */
  public SqlException inWholeText(SqlException failure) {
    if (failure.line() <= 0) {
      return failure;
    }
    int line = failure.line() + queryLine - 1;
    int column = failure.line() == 1 ? failure.column() + queryColumn - 1 : failure.column();
    return failure.at(line, column);
  }
}
