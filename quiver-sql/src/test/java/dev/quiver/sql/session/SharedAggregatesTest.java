package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.sql.oracle.OrderSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * An aggregate that appears more than once in a plan (a WITH query referenced two or three times, TPC-H q15's
 * revenue view) runs once and its occurrences read its output from a spool: the answers equal DuckDB's — with
 * joins on either side, a scalar sub-query over it, UNION ALL of it with itself, DISTINCT and FILTER calls, an
 * aggregate without keys, and one occurrence read only in part under a LIMIT — and EXPLAIN ANALYZE shows the
 * table scanned once where it was scanned once per occurrence. Occurrences are shared only when equal: Calcite
 * prunes each occurrence to the columns its reader uses, so a WITH query read for different columns runs once per
 * reader (those queries are here for their answers).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SharedAggregatesTest {
  @TempDir
  static Path folder;
  private final long seed = Long.getLong("quiver.shared.seed", 20_261_207L);
  private OracleTables tables;

  @BeforeAll
  void load() throws Exception {
    System.out.println("SharedAggregatesTest seed " + seed + " (-Dquiver.shared.seed=" + seed + ")");
    tables = new OracleTables(SessionOptions.defaults().withThreads(2));
    tables.load("f", folder, memory -> FunctionTable.rows(new Random(seed), 20_000, memory));
  }

  @AfterAll
  void close() throws Exception {
    if (tables != null) {
      tables.close();
    }
  }

  private static final String TOTALS = "WITH totals AS (SELECT i % 50 AS k, sum(m) AS total, count(*) AS c, "
      + "count(DISTINCT s) AS names, avg(d) FILTER (WHERE b > 0) AS mean FROM f WHERE id % 3 <> 1 GROUP BY i % 50) ";

  private static final List<String> QUERIES = List.of(
      "WITH revenue AS (SELECT i % 50 AS k, sum(m) AS total FROM f WHERE id % 3 <> 1 GROUP BY i % 50) "
          + "SELECT f.id, r.total FROM f JOIN revenue r ON f.id = r.k WHERE r.total = (SELECT max(total) FROM revenue)",
      TOTALS + "SELECT k, total, c, names, mean FROM totals WHERE total = (SELECT max(total) FROM totals)",
      TOTALS + "SELECT a.k, a.total, b.k AS other FROM totals a JOIN totals b ON a.c = b.c + 1 ORDER BY 1, 3",
      TOTALS + "SELECT k, c FROM totals UNION ALL SELECT k, names FROM totals UNION ALL SELECT k, c FROM totals",
      TOTALS + "SELECT t.k, t.total, count(*) FROM totals t JOIN f ON f.i % 50 = t.k AND f.id < 500 "
          + "WHERE t.c > (SELECT avg(c) FROM totals) GROUP BY t.k, t.total",
      "WITH g AS (SELECT sum(b) AS sb, count(s) AS cs FROM f) SELECT sb, cs, (SELECT cs FROM g) * 2 FROM g",
      TOTALS + "SELECT * FROM (SELECT k FROM totals ORDER BY k LIMIT 3) AS firsts "
          + "UNION ALL SELECT count(*) FROM totals");

  @Test
  void repeatedAggregatesGiveDuckDbsAnswers() throws Exception {
    List<String> failures = new ArrayList<>();
    for (String query : QUERIES) {
      tables.compare(query, OrderSpec.unordered()).ifPresent(difference -> failures.add(query + ": " + difference));
    }
    assertThat(failures).as("seed " + seed).isEmpty();
  }

  @Test
  void theSharedAggregateScansItsTableOnce() {
    String query = QUERIES.get(0);
    String analyzed = tables.analyze(query);
    assertThat(analyzed).as(analyzed).contains("Spool{");
    assertThat(scansOfF(analyzed)).as(analyzed).isEqualTo(1);
    System.setProperty("quiver.sharedAggregates", "false");
    try {
      String unshared = tables.analyze(query);
      assertThat(unshared).as(unshared).doesNotContain("Spool{");
      assertThat(scansOfF(unshared)).as(unshared).isEqualTo(2);
    } finally {
      System.clearProperty("quiver.sharedAggregates");
    }
  }

  /** How many scans of table f ran (each reports the rows it scanned). */
  private static int scansOfF(String analyzed) {
    Matcher matcher = Pattern.compile("TableScan\\[f,[^\\n]*scan\\.rows\\.scanned=20000").matcher(analyzed);
    int count = 0;
    while (matcher.find()) {
      count++;
    }
    return count;
  }
}
