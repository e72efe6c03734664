package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.sql.oracle.OrderSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planner's aggregate rewrites ({@code SUM(x + k)} as {@code SUM(x) + k * COUNT(x)}; grouping keys that are
 * functions of other keys computed above the aggregate) give DuckDB's answers, NULLs, empty groups, FILTER clauses,
 * decimals and negative offsets included, and the plans show the rewrite happened.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AggregateRewritesTest {
  @TempDir
  static Path folder;
  private final long seed = Long.getLong("quiver.rewrites.seed", 20_261_203L);
  private OracleTables tables;
  private SessionRunner engine;

  @BeforeAll
  void load() throws Exception {
    System.out.println("AggregateRewritesTest seed " + seed + " (-Dquiver.rewrites.seed=" + seed + ")");
    tables = new OracleTables(SessionOptions.defaults().withThreads(2));
    engine = tables.engine();
    tables.load("f", folder, memory -> FunctionTable.rows(new Random(seed), 900, memory));
  }

  @AfterAll
  void close() throws Exception {
    if (tables != null) {
      tables.close();
    }
  }

  @Test
  void shiftedSumsEqualDuckDb() throws Exception {
    List<String> queries = List.of(
        "SELECT SUM(i), SUM(i + 1), SUM(i + 2), SUM(3 + i), SUM(i - 7), COUNT(*) FROM f",
        "SELECT SUM(i + 1) AS a, SUM(i - 1) AS b FROM f WHERE i IS NULL",
        "SELECT SUM(i + 1) AS a FROM f WHERE id < 0",
        "SELECT dt, SUM(i + 5) AS a, SUM(i) AS b, MIN(i + 5) AS c, AVG(i + 1) AS d FROM f GROUP BY dt",
        "SELECT id % 7 AS g, SUM(b + 10) AS a, SUM(m + 1.5) AS c, SUM(m - 2) AS e FROM f GROUP BY id % 7",
        "SELECT id % 3 AS g, SUM(i + 1) FILTER (WHERE s LIKE '%a%') AS a, SUM(i + 2) AS b FROM f GROUP BY 1",
        "SELECT SUM(d + 1) AS a, SUM(i + 1.25) AS b, SUM(DISTINCT i + 1) AS c FROM f");
    for (String query : queries) {
      Optional<String> difference = tables.compare(query, OrderSpec.unordered());
      assertThat(difference).as(query).isEmpty();
    }
  }

  @Test
  void derivedGroupingKeysEqualDuckDb() throws Exception {
    List<String> queries = List.of(
        "SELECT i, i - 1, i - 2, i + 3, COUNT(*) AS c FROM f GROUP BY i, i - 1, i - 2, i + 3",
        "SELECT i - 1 AS a, i AS b, COUNT(*) AS c FROM f GROUP BY i - 1, i",
        "SELECT s, length(s) AS n, upper(s) AS u, COUNT(*) AS c, SUM(i + 1) AS t FROM f GROUP BY s, length(s), upper(s)",
        "SELECT i, b, i + b AS ib, COUNT(*) AS c FROM f GROUP BY i, b, i + b",
        "SELECT i % 10 AS a, (i % 10) + 1 AS b, COUNT(*) AS c FROM f GROUP BY i % 10, (i % 10) + 1",
        "SELECT 1 AS k1, s, COUNT(*) AS c FROM f GROUP BY 1, s",
        "SELECT 'x' AS k, i, 2.5 AS h, COUNT(*) AS c FROM f GROUP BY 1, 2, 3",
        "SELECT 1 AS k1, COUNT(*) AS c FROM f WHERE id < 0 GROUP BY 1",
        "SELECT 1 AS k1, s, COUNT(*) AS c FROM f WHERE id < 0 GROUP BY 1, s");
    for (String query : queries) {
      Optional<String> difference = tables.compare(query, OrderSpec.unordered());
      assertThat(difference).as(query).isEmpty();
    }
  }

  @Test
  void plansShowTheRewrites() {
    String sums = engine.session().explain(
        "SELECT SUM(i), SUM(i + 1), SUM(i + 2), SUM(i + 3), SUM(i + 4) FROM f");
    // one SUM and one COUNT, in the hash aggregate or answered from statistics (StatisticsAggregatesTest)
    assertThat(sums).as(sums).containsAnyOf("aggregates=[sum(#0), count(#0)]",
        "StatisticsAggregate[f: [sum(i), count(i)]");
    String keys = engine.session().explain("SELECT i, i - 1, i - 2, COUNT(*) FROM f GROUP BY i, i - 1, i - 2");
    assertThat(keys).as(keys).contains("keys=[#0]");
  }
}
