package dev.quiver.sql.oracle;

/**
 * Runs one SQL query and returns its whole answer, normalized ({@link Result}). The differential
 * harnesses compare two runners on the same query: DuckDB ({@link DuckDbOracle}) and the engine
 * under test (Quiver, through an adapter such as {@link ArrowResults}).
 */
@FunctionalInterface
public interface QueryRunner {
  /**
   * Runs {@code sql} to the end.
   *
   * @throws Exception when the query fails; the harness reports the query, its seed and the failure
   */
  Result run(String sql) throws Exception;
}
