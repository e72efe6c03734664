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
 * NOT IN sub-queries whose equality Calcite leaves on one side only ({@code x NOT IN (SELECT k ...
 * WHERE k = 103)} becomes a mark join on {@code x = 103}): answered through an ANTI join on
 * "condition IS NOT FALSE", equal to DuckDB's on the differential tester's dataset 20261317 (where
 * the first of these failed with "a NULL_AWARE_ANTI join needs an equality between its sides").
 */
class NotInSubQueryTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void oneSidedNotInEqualsDuckDb() throws Exception {
    List<RandomTable> tables = RandomTables.dataset(20_261_317L);
    // t2's first numeric column after the key (the dataset's columns depend on the generator)
    String number = tables.get(1).columns().stream().skip(1).filter(c -> c.kind().numeric())
        .map(RandomTable.Column::name).findFirst().orElse("k");
    List<String> queries = List.of(
        "SELECT a." + number + " AS c0, SUM(a." + number + ") AS c1 FROM t2 a WHERE a.k NOT IN (SELECT b.k FROM t2 b"
            + " WHERE b.k = 103) GROUP BY a." + number,
        "SELECT a.k AS c0 FROM t2 a WHERE a.k NOT IN (SELECT b.k FROM t2 b WHERE b.k = -1)",
        "SELECT a.k AS c0 FROM t1 a WHERE a.k NOT IN (SELECT b.k FROM t2 b WHERE b.k = 103 OR b.k IS NULL)",
        "SELECT a.k AS c0 FROM t3 a WHERE a.k NOT IN (SELECT b.k FROM t2 b WHERE b.k = 103) AND a.k IS NOT NULL");
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
        Optional<String> difference = ResultComparison.compare(oracle.run(query), engine.run(query),
            OrderSpec.unordered(), null);
        assertThat(difference).as(query).isEmpty();
      }
    }
  }
}
