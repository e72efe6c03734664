package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.sql.oracle.OrderSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code SELECT * ... ORDER BY k LIMIT n} over a wide table, read through the top-N pre-pass (the scan of every
 * column bounded by the n-th key): equal to DuckDB for integer, date and timestamp keys with NULLs first and last,
 * ascending and descending, offsets, limits past the rows, filters that keep few or no rows and keys that are all
 * NULL; EXPLAIN shows the pre-pass, and EXPLAIN ANALYZE that the wide scan returned few rows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LateMaterializationTest {
  @TempDir
  static Path folder;
  private final long seed = Long.getLong("quiver.late.seed", 20_261_204L);
  private OracleTables tables;
  private SessionRunner engine;

  @BeforeAll
  void load() throws Exception {
    System.out.println("LateMaterializationTest seed " + seed + " (-Dquiver.late.seed=" + seed + ")");
    tables = new OracleTables(SessionOptions.defaults().withThreads(2));
    engine = tables.engine();
    tables.load("f", folder, memory -> FunctionTable.rows(new Random(seed), 6_000, memory));
  }

  @AfterAll
  void close() throws Exception {
    if (tables != null) {
      tables.close();
    }
  }

  @Test
  void topNOverEveryColumnEqualsDuckDb() throws Exception {
    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (String key : List.of("i", "b", "dt", "ts")) {
      for (String direction : List.of("ASC NULLS LAST", "ASC NULLS FIRST", "DESC NULLS FIRST", "DESC NULLS LAST")) {
        for (String tail : List.of("LIMIT 10", "LIMIT 7 OFFSET 30", "LIMIT 10000", "LIMIT 1")) {
          for (String where : List.of("", "WHERE s LIKE '%a%'", "WHERE id % 1000 = 7", "WHERE id < 0")) {
            String query = "SELECT * FROM f " + where + " ORDER BY " + key + " " + direction + ", id " + tail;
            int keyColumn = List.of("id", "s", "p", "n", "i", "b", "d", "m", "dt", "ts").indexOf(key);
            tables.compare(query, OrderSpec.keys(keyColumn, 0)).ifPresent(difference -> failures.add(query + ": "
                + difference));
            checked++;
          }
        }
      }
    }
    String allNulls = "SELECT * FROM f WHERE i IS NULL ORDER BY i DESC NULLS FIRST, id LIMIT 5";
    tables.compare(allNulls, OrderSpec.keys(0)).ifPresent(difference -> failures.add(allNulls + ": "
        + difference));
    System.out.println(checked + 1 + " top-N queries checked");
    assertThat(failures).as("seed " + seed).isEmpty();
  }

  @Test
  void thePlanShowsThePrePassAndTheWideScanReturnsFewRows() {
    String query = "SELECT * FROM f WHERE s LIKE '%a%' ORDER BY ts DESC NULLS LAST, id LIMIT 10";
    assertThat(engine.session().explain(query)).contains("top-10 pre-pass on ts");
    String analyzed = tables.analyze(query);
    assertThat(analyzed).as(analyzed).containsPattern("pre-pass on ts: ts >= TIMESTAMP '[^']+'\\)");
    long returned = Long.parseLong(analyzed.replaceAll("(?s).*scan\\.rows\\.returned=(\\d+).*", "$1"));
    assertThat(returned).as(analyzed).isBetween(10L, 40L);
    String narrow = "SELECT id, ts FROM f ORDER BY ts LIMIT 10";
    assertThat(engine.session().explain(narrow)).doesNotContain("pre-pass");
  }
}
