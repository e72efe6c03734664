package dev.quiver.sql.session;

import dev.quiver.sql.oracle.QueryRunner;
import dev.quiver.sql.oracle.TpchFixture;
import dev.quiver.sql.oracle.TpchOracleHarness;
import java.nio.file.Path;
import java.util.Map;

/**
 * The 22 TPC-H queries, as the spec writes them, through Quiver's SQL on the fixture's `.qvr` files,
 * each answer equal to DuckDB's on the same rows (scale 0.01 in CI; {@code -Dquiver.tpch.scale}).
 */
class TpchQueriesTest extends TpchOracleHarness {
  @Override
  protected QueryRunner openEngine(TpchFixture fixture) throws Exception {
    SessionRunner runner = new SessionRunner(SessionOptions.defaults().withThreads(2).withMemoryLimit(1L << 30));
    for (Map.Entry<String, Path> table : fixture.files().entrySet()) {
      runner.session().register(table.getKey(), table.getValue());
    }
    return runner;
  }
}
