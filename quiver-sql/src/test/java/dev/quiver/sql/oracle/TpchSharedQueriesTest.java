package dev.quiver.sql.oracle;

/**
 * The SQL module's TPC-H query files ({@code tpch/qNN.sql}, skipped while absent) run on DuckDB
 * loaded from the {@code .qvr} files and on the oracle: they must be valid DuckDB SQL, resolve
 * their ORDER BY keys and agree, before Quiver answers them.
 */
class TpchSharedQueriesTest extends TpchOracleTest {
  @Override
  protected String queryResource(int number) {
    return String.format("tpch/q%02d.sql", number);
  }
}
