package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.sql.oracle.TpchFixture;
import dev.quiver.testing.TestingAllocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A GROUP BY estimated past the session's repartition threshold reads its rows through a hash
 * exchange (EXPLAIN shows it; below the threshold it does not), gives the answer the plan without
 * it gives, and its blocks are decoded in place against the reader's cached schema (the exchange's
 * {@code read.decoder.cache.hits}).
 */
class RepartitionTest {
  private static final String QUERY = "SELECT l_suppkey, l_returnflag, count(*) AS c, sum(l_quantity) AS q,"
      + " count(DISTINCT l_partkey) AS parts FROM lineitem GROUP BY l_suppkey, l_returnflag";

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private QuiverSession session(SessionOptions options) throws Exception {
    QuiverSession session = QuiverSession.open(memory.allocator(), options);
    for (Map.Entry<String, Path> table : TpchFixture.at(0.01).files().entrySet()) {
      session.register(table.getKey(), table.getValue());
    }
    return session;
  }

  private static List<String> rows(SqlResult result) {
    List<String> rows = new ArrayList<>();
    for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
      try (VectorSchemaRoot root = batch) {
        for (int row = 0; row < root.getRowCount(); row++) {
          StringBuilder text = new StringBuilder();
          for (FieldVector vector : root.getFieldVectors()) {
            text.append(vector.getObject(row)).append('|');
          }
          rows.add(text.toString());
        }
      }
    }
    rows.sort(null);
    return rows;
  }

  @Test
  void largeAggregatesRepartitionAndGiveTheSameAnswer() throws Exception {
    SessionOptions options = SessionOptions.defaults().withThreads(2).withMemoryLimit(1L << 30);
    List<String> expected;
    try (QuiverSession session = session(options)) {
      try (SqlResult plan = session.execute("EXPLAIN " + QUERY)) {
        assertThat(plan.text()).doesNotContain("Exchange");
      }
      try (SqlResult result = session.execute(QUERY)) {
        expected = rows(result);
      }
    }
    assertThat(expected).hasSizeGreaterThan(100);
    // lineitem at 0.01 has fewer rows than the exchange passes through unwritten: written here whatever the count
    System.setProperty("quiver.exchange.passThroughRows", "0");
    try (QuiverSession session = session(options.withRepartitionGroups(1))) {
      try (SqlResult plan = session.execute("EXPLAIN " + QUERY)) {
        assertThat(plan.text()).contains("Exchange[hash=[#1, #3]]");
      }
      try (SqlResult result = session.execute(QUERY)) {
        assertThat(rows(result)).isEqualTo(expected);
        Map<String, Long> metrics = result.metrics().asMap();
        long rowsMoved = metrics.entrySet().stream().filter(metric -> metric.getKey().matches(
            "operator\\.\\d+\\.exchange\\.rows\\.out")).mapToLong(Map.Entry::getValue).sum();
        long cacheHits = metrics.entrySet().stream().filter(metric -> metric.getKey().endsWith(
            "exchange.read.decoder.cache.hits")).mapToLong(Map.Entry::getValue).sum();
        assertThat(rowsMoved).as("rows through the exchange in %s", metrics).isEqualTo(TpchFixture.at(0.01)
            .rowCount("lineitem"));
        assertThat(cacheHits).as("blocks decoded in place in %s", metrics).isPositive();
      }
    } finally {
      System.clearProperty("quiver.exchange.passThroughRows");
    }
    // by default the same rows pass through the exchange unwritten, with the same answer
    try (QuiverSession session = session(options.withRepartitionGroups(1));
        SqlResult result = session.execute(QUERY)) {
      assertThat(rows(result)).isEqualTo(expected);
      Map<String, Long> metrics = result.metrics().asMap();
      assertThat(metrics.entrySet().stream().filter(metric -> metric.getKey().endsWith("exchange.rows.passed"))
          .mapToLong(Map.Entry::getValue).sum()).as("%s", metrics).isEqualTo(TpchFixture.at(0.01).rowCount("lineitem"));
    }
  }
}
