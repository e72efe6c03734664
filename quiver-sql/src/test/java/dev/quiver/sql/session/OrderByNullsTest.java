package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.sql.oracle.DuckDbOracle;
import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.RandomTable;
import dev.quiver.sql.oracle.RandomTables;
import dev.quiver.sql.oracle.ResultComparison;
import dev.quiver.testing.TestingAllocator;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * ORDER BY places NULLs as DuckDB does by default: last in both directions, unless NULLS FIRST is
 * written (Calcite's own default put them first for DESC). Each query returns one column, so the
 * whole sequence, NULL positions included, must equal DuckDB's.
 */
class OrderByNullsTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void nullsSortAsDuckDbSortsThem() throws Exception {
    List<RandomTable> tables = RandomTables.dataset(20_261_317L);
    List<String> queries = List.of("SELECT i3 FROM t2 ORDER BY i3 DESC", "SELECT i3 FROM t2 ORDER BY i3",
        "SELECT i3 FROM t2 ORDER BY i3 DESC LIMIT 7", "SELECT k FROM t1 ORDER BY k DESC LIMIT 30",
        "SELECT i3 FROM t2 ORDER BY i3 DESC NULLS FIRST", "SELECT i3 FROM t2 ORDER BY i3 NULLS FIRST LIMIT 5",
        "SELECT k FROM t3 ORDER BY k DESC NULLS LAST", "SELECT i3 FROM t2 ORDER BY i3 DESC LIMIT 4 OFFSET 3");
    try (DuckDbOracle oracle = DuckDbOracle.inMemory();
        SessionRunner engine = new SessionRunner(SessionOptions.defaults().withThreads(2))) {
      for (RandomTable table : tables) {
        Path file = directory.resolve(table.name() + ".qvr");
        try (VectorSchemaRoot rows = table.toArrow(memory.allocator());
            QuiverWriter writer = QuiverWriter.create(file, table.schema(), memory.allocator())) {
          writer.write(rows);
          oracle.load(table.name(), table.schema(), List.of(rows));
        }
        engine.session().register(table.name(), file);
      }
      for (String query : queries) {
        Optional<String> difference = ResultComparison.compare(oracle.run(query), engine.run(query), OrderSpec.keys(0),
            null);
        assertThat(difference).as(query).isEmpty();
      }
    }
  }
}
