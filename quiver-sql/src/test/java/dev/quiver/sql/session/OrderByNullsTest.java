package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.RandomTable;
import dev.quiver.sql.oracle.RandomTables;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ORDER BY places NULLs as DuckDB does by default: last in both directions, unless NULLS FIRST is
 * written (Calcite's own default put them first for DESC). Each query returns one column, so the
 * whole sequence, NULL positions included, must equal DuckDB's.
 */
class OrderByNullsTest {
  @TempDir
  Path directory;

  @Test
  void nullsSortAsDuckDbSortsThem() throws Exception {
    List<RandomTable> tables = RandomTables.dataset(20_261_317L);
    // t2's first non-key, non-boolean column (the dataset's columns depend on the generator)
    String column = tables.get(1).columns().stream().skip(1).filter(c -> c.kind() != RandomTable.Kind.BOOLEAN)
        .map(RandomTable.Column::name).findFirst().orElse("k");
    List<String> queries = Stream.of("SELECT i3 FROM t2 ORDER BY i3 DESC", "SELECT i3 FROM t2 ORDER BY i3",
        "SELECT i3 FROM t2 ORDER BY i3 DESC LIMIT 7", "SELECT k FROM t1 ORDER BY k DESC LIMIT 30",
        "SELECT i3 FROM t2 ORDER BY i3 DESC NULLS FIRST", "SELECT i3 FROM t2 ORDER BY i3 NULLS FIRST LIMIT 5",
        "SELECT k FROM t3 ORDER BY k DESC NULLS LAST", "SELECT i3 FROM t2 ORDER BY i3 DESC LIMIT 4 OFFSET 3")
        .map(query -> query.replace("i3", column)).toList();
    try (OracleTables both = new OracleTables(SessionOptions.defaults().withThreads(2))) {
      for (RandomTable table : tables) {
        both.load(table.name(), directory, table::toArrow);
      }
      for (String query : queries) {
        assertThat(both.compare(query, OrderSpec.keys(0))).as(query).isEmpty();
      }
    }
  }
}
