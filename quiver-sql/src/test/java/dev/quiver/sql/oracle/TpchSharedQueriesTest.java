package dev.quiver.sql.oracle;

/**
 * The shared TPC-H query files ({@code TpchQueries.resource(n)}, quiver-datagen) run on DuckDB
 * loaded from the {@code .qvr} files and on the oracle: they must be valid DuckDB SQL (after
 * {@link TpchOracleHarness#forDuckDb}, as the oracle's side gets them), resolve their ORDER BY keys
 * and agree, before Quiver answers them.
 */
class TpchSharedQueriesTest extends TpchOracleTest {
  @Override
  protected String queryResource(int number) {
    return dev.quiver.datagen.tpch.TpchQueries.resource(number);
  }

  @Override
  protected QueryRunner openEngine(TpchFixture fixture) throws Exception {
    return new DuckDbDialect(super.openEngine(fixture));
  }

  /** The engine DuckDB, given the query as DuckDB's parser takes it. */
  private static final class DuckDbDialect implements QueryRunner, AutoCloseable {
    private final QueryRunner engine;

    DuckDbDialect(QueryRunner engine) {
      this.engine = engine;
    }

    @Override
    public Result run(String sql) throws Exception {
      return engine.run(forDuckDb(sql));
    }

    @Override
    public void close() throws Exception {
      if (engine instanceof AutoCloseable) {
        ((AutoCloseable) engine).close();
      }
    }
  }
}
