package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.datagen.tpch.TpchQueries;
import dev.quiver.sql.oracle.TpchFixture;
import dev.quiver.testing.TestingAllocator;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Integer group keys read unchanged from a `.qvr` table carry the range its footer statistics give
 * them (shown by EXPLAIN), and the aggregate then finds most groups by direct indexing (its
 * {@code direct.rows} metric); computed keys and string keys carry none. The answers themselves are
 * checked against DuckDB by the TPC-H and differential suites.
 */
class DirectAggregationTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private QuiverSession session() throws Exception {
    TpchFixture fixture = TpchFixture.at(0.01);
    QuiverSession session = QuiverSession.open(memory.allocator(),
        SessionOptions.defaults().withThreads(2).withMemoryLimit(1L << 30));
    for (Map.Entry<String, Path> table : fixture.files().entrySet()) {
      session.register(table.getKey(), table.getValue());
    }
    return session;
  }

  private static String explain(QuiverSession session, String sql) {
    try (SqlResult result = session.execute("EXPLAIN " + sql)) {
      return result.text();
    }
  }

  private static String query(int number) throws Exception {
    try (InputStream in = DirectAggregationTest.class.getClassLoader()
        .getResourceAsStream(TpchQueries.resource(number))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll(";\\s*$", "");
    }
  }

  @Test
  void statisticsBoundIntegerKeysFromTables() throws Exception {
    try (QuiverSession session = session()) {
      // Q13: the inner GROUP BY c_custkey (through a LEFT JOIN) is bounded by customer's 1,500 keys; the
      // outer GROUP BY c_count is computed
      String q13 = explain(session, query(13));
      assertThat(q13).contains("key ranges=[1..1500]");
      assertThat(q13.split("key ranges=", -1)).as("aggregates with ranges in\n%s", q13).hasSize(2);
      assertThat(explain(session, query(1))).doesNotContain("key ranges");
      assertThat(explain(session, "SELECT l_orderkey + 1 AS k, count(*) AS c FROM lineitem GROUP BY l_orderkey + 1"))
          .doesNotContain("key ranges");
    }
  }

  @Test
  void mostRowsFindTheirGroupByDirectIndexing() throws Exception {
    try (QuiverSession session = session();
        SqlResult result = session.execute("SELECT l_suppkey, count(*) AS c, sum(l_quantity) AS q FROM lineitem"
            + " GROUP BY l_suppkey")) {
      long groups = 0;
      for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
        try (VectorSchemaRoot rows = batch) {
          groups += rows.getRowCount();
        }
      }
      assertThat(groups).as("suppliers").isEqualTo(100);
      long direct = result.metrics().asMap().entrySet().stream().filter(metric -> metric.getKey()
          .endsWith("hashaggregate.direct.rows")).mapToLong(Map.Entry::getValue).sum();
      // every row but the first of each group per thread
      assertThat(direct).isGreaterThan(50_000);
    }
  }
}
