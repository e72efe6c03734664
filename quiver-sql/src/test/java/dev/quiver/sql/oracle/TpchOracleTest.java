package dev.quiver.sql.oracle;

import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The TPC-H harness against a second DuckDB loaded from the fixture's {@code .qvr} files as
 * {@link dev.quiver.format.file.QuiverFile} reads them back: all 22 queries must agree with the
 * oracle loaded from the generator's batches. This checks the fixture (the files hold exactly the
 * oracle's rows, types included), the harness and the ORDER BY/LIMIT rules on real queries. The
 * queries are this package's own copy ({@code oracle-tpch/qNN.sql}, the spec's text with its
 * validation parameters), not the shared ones of quiver-datagen ({@link TpchSharedQueriesTest}).
 */
class TpchOracleTest extends TpchOracleHarness {
  @Override
  protected String engineSql(String sql) {
    return forDuckDb(sql);
  }

  @Override
  protected QueryRunner openEngine(TpchFixture fixture) throws Exception {
    DuckDbOracle engine = DuckDbOracle.inMemory();
    try (BufferAllocator allocator = new RootAllocator()) {
      for (Map.Entry<String, java.nio.file.Path> table : fixture.files().entrySet()) {
        QuiverFileLoader.load(engine, table.getKey(), table.getValue(), allocator);
      }
    }
    return engine;
  }

  @Override
  protected String queryResource(int number) {
    return String.format("oracle-tpch/q%02d.sql", number);
  }
}
