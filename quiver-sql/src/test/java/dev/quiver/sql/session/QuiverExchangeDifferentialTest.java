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
 * The differential tester with every GROUP BY repartitioned first (a hash exchange of Arrow IPC
 * blocks on three threads, each thread's table then output without a merge): the same seeded random
 * queries as {@link QuiverDifferentialTest}, on other datasets (first seed 20261301), each answer
 * compared with DuckDB's.
 */
class QuiverExchangeDifferentialTest extends DifferentialHarness {
  @Override
  protected long firstSeed() {
    return Long.getLong("quiver.differential.seed", 20_261_301L);
  }

  @Override
  protected QueryRunner openEngine(List<RandomTable> tables, BufferAllocator allocator) throws Exception {
    Path folder = Files.createTempDirectory("quiver-exchange-differential");
    folder.toFile().deleteOnExit();
    SessionRunner runner = new SessionRunner(SessionOptions.defaults().withThreads(3).withMemoryLimit(1L << 30)
        .withRepartitionGroups(1));
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
