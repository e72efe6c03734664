package dev.quiver.sql.oracle;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The differential harness against a second DuckDB loaded the other way (INSERT statements from the
 * generated rows instead of the appender from Arrow): every random query must agree. This checks the
 * generator (DuckDB accepts every query, answers are deterministic under the comparison rules) and
 * both loading paths, before any Quiver engine is plugged in.
 */
class DuckDbDifferentialTest extends DifferentialHarness {
  /** Half the harness's default: this run checks the tester itself, not an engine. */
  @Override
  protected int datasets() {
    return Integer.getInteger("quiver.differential.datasets", 4);
  }

  @Override
  protected QueryRunner openEngine(List<RandomTable> tables, BufferAllocator allocator) throws Exception {
    DuckDbOracle engine = DuckDbOracle.inMemory();
    for (RandomTable table : tables) {
      engine.createTable(table.name(), table.schema());
      engine.insertRows(table.name(), table.rows());
    }
    return engine;
  }
}
