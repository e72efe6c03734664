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
 * NULL; EXPLAIN shows the pre-pass, and EXPLAIN ANALYZE that the wide scan returned few rows. Over a table clustered
 * by the key (small zones), the pre-pass starts from a guessed bound: equal to DuckDB whether the guessed zones hold
 * enough passing rows, need the second guess or none (a filter passing two rows), with ties at the threshold and NULL
 * keys, for narrow selects too (which take the pre-pass only because the key's zones are clustered).
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
    tables.load("c", folder, LateMaterializationTest::clusteredRows,
        dev.quiver.format.file.QuiverWriter.Options.defaults().withZoneRows(1_000));
  }

  /** 20,000 rows in order of {@code k = id / 7} (ties), every 53rd k NULL, {@code ts} rising with id, text beside. */
  private static org.apache.arrow.vector.VectorSchemaRoot clusteredRows(
      org.apache.arrow.memory.BufferAllocator memory) {
    int rows = 20_000;
    org.apache.arrow.vector.BigIntVector id = new org.apache.arrow.vector.BigIntVector("id", memory);
    org.apache.arrow.vector.BigIntVector k = new org.apache.arrow.vector.BigIntVector("k", memory);
    org.apache.arrow.vector.TimeStampMicroVector ts = new org.apache.arrow.vector.TimeStampMicroVector("ts", memory);
    org.apache.arrow.vector.VarCharVector text = new org.apache.arrow.vector.VarCharVector("s", memory);
    org.apache.arrow.vector.IntVector v = new org.apache.arrow.vector.IntVector("v", memory);
    for (int row = 0; row < rows; row++) {
      id.setSafe(row, row);
      if (row % 53 == 0) {
        k.setNull(row);
      } else {
        k.setSafe(row, row / 7);
      }
      ts.setSafe(row, 1_372_636_800_000_000L + row * 1_000_000L);
      text.setSafe(row, ("text " + (row * 31 % 1000)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      v.setSafe(row, row % 13);
    }
    List<org.apache.arrow.vector.FieldVector> vectors = List.of(id, k, ts, text, v);
    vectors.forEach(vector -> vector.setValueCount(rows));
    return new org.apache.arrow.vector.VectorSchemaRoot(vectors);
  }

  @Test
  void topNOverAClusteredKeyEqualsDuckDb() throws Exception {
    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (String select : List.of("*", "k, id")) {
      for (String key : List.of("k", "ts")) {
        for (String direction : List.of("ASC NULLS LAST", "DESC NULLS LAST", "ASC NULLS FIRST", "DESC NULLS FIRST")) {
          for (String tail : List.of("LIMIT 10", "LIMIT 7 OFFSET 30", "LIMIT 10000")) {
            // filters the scan evaluates: one row in a thousand (the first guess holds too few, the second enough),
            // two rows (neither guess does), one row in ten; one it does not (a filter above the scan)
            for (String where : List.of("", "WHERE s = 'text 7'", "WHERE s = 'text 7' AND id < 2000",
                "WHERE s LIKE '%7%'", "WHERE id < 0", "WHERE id % 1000 = 7")) {
              String query = "SELECT " + select + " FROM c " + where + " ORDER BY " + key + " " + direction + ", id "
                  + tail;
              int keyColumn = select.equals("*") ? List.of("id", "k", "ts", "s", "v").indexOf(key)
                  : key.equals("k") ? 0 : -1;
              if (keyColumn < 0) {
                continue; // ts is not selected
              }
              int idColumn = select.equals("*") ? 0 : 1;
              tables.compare(query, OrderSpec.keys(keyColumn, idColumn)).ifPresent(difference -> failures.add(query
                  + ": " + difference));
              checked++;
            }
          }
        }
      }
    }
    System.out.println(checked + " top-N queries over a clustered key checked");
    assertThat(failures).as("seed " + seed).isEmpty();
  }

  @Test
  void aNarrowTopNOverAClusteredKeyReadsFewZones() {
    String analyzed = analyzedWithPrePass("SELECT k, id FROM c WHERE v = 7 ORDER BY k, id LIMIT 10", "k");
    // the first zones of 1,000 rows, of 20,000
    assertThat(scanMetric(analyzed, "rows.scanned")).as(analyzed).isLessThanOrEqualTo(2_000L);
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
    String analyzed = analyzedWithPrePass(
        "SELECT * FROM f WHERE s LIKE '%a%' ORDER BY ts DESC NULLS LAST, id LIMIT 10", "ts");
    assertThat(analyzed).as(analyzed).containsPattern("pre-pass on ts: ts >= TIMESTAMP '[^']+'\\)");
    assertThat(scanMetric(analyzed, "rows.returned")).as(analyzed).isBetween(10L, 40L);
    String narrow = "SELECT id, ts FROM f ORDER BY ts LIMIT 10";
    assertThat(engine.session().explain(narrow)).doesNotContain("pre-pass");
  }

  /** EXPLAIN ANALYZE of {@code query}, after EXPLAIN showed its top-10 pre-pass on {@code key}. */
  private String analyzedWithPrePass(String query, String key) {
    assertThat(engine.session().explain(query)).contains("top-10 pre-pass on " + key);
    return tables.analyze(query);
  }

  /** The scan's metric {@code scan.NAME} in an EXPLAIN ANALYZE text. */
  private static long scanMetric(String analyzed, String name) {
    return Long.parseLong(analyzed.replaceAll("(?s).*scan\\." + name.replace(".", "\\.") + "=(\\d+).*", "$1"));
  }
}
