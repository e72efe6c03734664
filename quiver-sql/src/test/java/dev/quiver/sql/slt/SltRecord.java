package dev.quiver.sql.slt;

import java.util.List;
import java.util.Set;

/**
 * One record of a sqllogictest file: a statement that must succeed, one that must fail, a query with
 * its expected values, a {@code hash-threshold} or a {@code halt}.
 *
 * @param kind what the record asks
 * @param sql the statement, {@code __TEST_DIR__} not yet replaced; for {@code hash-threshold}, its number
 * @param line the 1-based line of the record's first line (its {@code statement}/{@code query} line)
 * @param types for a query, one letter per column: I integer, R float/decimal, T anything else
 * @param sort for a query, how its rows are compared
 * @param expected for a query, its expected lines (a row of values separated by tabs in Quiver's own
 *     files; one value a line, or {@code N values hashing to MD5}, in SQLite's corpus); for an error,
 *     the expected message fragment or empty
 * @param conditions the {@code onlyif ENGINE} / {@code skipif ENGINE} lines before the record, lower case
 * @param label for a query, the label after its sort mode (empty when none)
 * @param expectedStart for a query, the 0-based index in the file of its first expected line
 */
record SltRecord(Kind kind, String sql, int line, String types, Sort sort, List<String> expected,
    List<String> conditions, String label, int expectedStart) {
  enum Kind {
    STATEMENT_OK,
    STATEMENT_ERROR,
    QUERY,
    HASH_THRESHOLD,
    HALT
  }

  enum Sort {
    NOSORT,
    ROWSORT,
    VALUESORT
  }

  /** The expected message fragment of a {@code statement error} record (empty: any error). */
  String errorFragment() {
    return expected.isEmpty() ? "" : expected.get(0);
  }

  /**
   * Whether an engine known by {@code names} runs the record: it is named by every {@code onlyif} and
   * by no {@code skipif}.
   */
  boolean runsOn(Set<String> names) {
    for (String condition : conditions) {
      String engine = condition.substring(condition.indexOf(' ') + 1);
      if (condition.startsWith("onlyif ") != names.contains(engine)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Preceded by {@code onlyif quiver} (or {@code skipif duckdb}) in Quiver's own files: a deliberate
   * departure from DuckDB (PostgreSQL's semantics), not checked against DuckDB.
   */
  boolean quiverOnly() {
    return !conditions.isEmpty() && !runsOn(Set.of("duckdb"));
  }
}
