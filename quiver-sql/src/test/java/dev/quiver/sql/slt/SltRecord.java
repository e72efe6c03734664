package dev.quiver.sql.slt;

import java.util.List;

/**
 * One record of a sqllogictest file: a statement that must succeed, one that must fail, or a query
 * with its expected rows.
 *
 * @param kind what the record asks
 * @param sql the statement, {@code __TEST_DIR__} not yet replaced
 * @param line the 1-based line of the record's first line (its {@code statement}/{@code query} line)
 * @param types for a query, one letter per column: I integer, R float/decimal, T anything else
 * @param sort for a query, how its rows are compared
 * @param expected for a query, its expected rows (values separated by tabs); for an error, the expected
 *     message fragment or empty
 * @param quiverOnly preceded by {@code onlyif quiver}: a deliberate departure from DuckDB (PostgreSQL's
 *     semantics), not checked against DuckDB
 * @param expectedStart for a query, the 0-based index in the file of its first expected line
 */
record SltRecord(Kind kind, String sql, int line, String types, Sort sort, List<String> expected,
    boolean quiverOnly, int expectedStart) {
  enum Kind {
    STATEMENT_OK,
    STATEMENT_ERROR,
    QUERY
  }

  enum Sort {
    NOSORT,
    ROWSORT
  }

  /** The expected message fragment of a {@code statement error} record (empty: any error). */
  String errorFragment() {
    return expected.isEmpty() ? "" : expected.get(0);
  }
}
