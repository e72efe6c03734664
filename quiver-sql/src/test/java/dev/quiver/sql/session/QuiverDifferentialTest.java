package dev.quiver.sql.session;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.sql.oracle.DifferentialHarness;
import dev.quiver.sql.oracle.QueryRunner;
import dev.quiver.sql.oracle.RandomTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Seeded random queries (filters, projections, joins, group-bys, order and limit, nulls, decimals,
 * dates, strings) over random tables written as `.qvr` files, each answer compared with DuckDB's on
 * the same rows. Datasets × queries: {@code -Dquiver.differential.datasets/.queries}; a mismatch
 * prints the query and its seeds.
 */
class QuiverDifferentialTest extends DifferentialHarness {
  /** How the engine's session runs the queries. */
  protected SessionOptions options() {
    return SessionOptions.defaults().withThreads(2).withMemoryLimit(1L << 30);
  }

  @Override
  protected QueryRunner openEngine(List<RandomTable> tables, BufferAllocator allocator) throws Exception {
    Path folder = Files.createTempDirectory("quiver-differential");
    folder.toFile().deleteOnExit();
    SessionRunner runner = new SessionRunner(options());
    try {
      for (RandomTable table : tables) {
        Path file = folder.resolve(table.name() + ".qvr");
        try (QuiverWriter writer = QuiverWriter.create(file, table.schema(), allocator);
            VectorSchemaRoot rows = table.toArrow(allocator)) {
          writer.write(rows);
        }
        file.toFile().deleteOnExit();
        runner.session().register(table.name(), file);
      }
    } catch (Exception failure) {
      runner.close();
      throw failure;
    }
    return runner;
  }
}
