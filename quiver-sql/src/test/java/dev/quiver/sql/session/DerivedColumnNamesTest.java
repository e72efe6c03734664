package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.RandomTable;
import dev.quiver.sql.oracle.RandomTables;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A derived table's column list ({@code AS c_orders (c_custkey, c_count)}, TPC-H Q13's shape) names the
 * result's columns, as DuckDB names them: the planner's rewrites once left such a column as
 * {@code EXPR$1} (the values were right). Each query's answer also equals DuckDB's.
 */
class DerivedColumnNamesTest {
  @TempDir
  Path directory;

  @Test
  void aDerivedColumnListNamesTheOutput() throws Exception {
    List<RandomTable> tables = RandomTables.dataset(20_261_203L);
    record Case(String query, List<String> names) {}
    List<Case> cases = List.of(
        new Case("SELECT c_count, count(*) AS custdist FROM (SELECT k, count(*) FROM t2 GROUP BY k)"
            + " AS c_orders (c_key, c_count) GROUP BY c_count ORDER BY custdist DESC, c_count DESC",
            List.of("c_count", "custdist")),
        new Case("SELECT * FROM (SELECT k, k + 1 FROM t1) AS d (a, b) ORDER BY a LIMIT 5", List.of("a", "b")),
        new Case("SELECT k AS x, count(*) AS n FROM t1 GROUP BY k ORDER BY n DESC, x LIMIT 3", List.of("x", "n")));
    try (OracleTables both = new OracleTables(SessionOptions.defaults().withThreads(1))) {
      for (RandomTable table : tables) {
        both.load(table.name(), directory, table::toArrow);
      }
      for (Case test : cases) {
        try (SqlResult result = both.engine().session().execute(test.query())) {
          assertThat(result.schema().getFields().stream().map(Field::getName).toList()).as(test.query())
              .isEqualTo(test.names());
          for (var batch = result.next(); batch != null; batch = result.next()) {
            batch.close();
          }
        }
        assertThat(both.compare(test.query(), OrderSpec.keys(0, 1))).as(test.query()).isEmpty();
      }
    }
  }
}
