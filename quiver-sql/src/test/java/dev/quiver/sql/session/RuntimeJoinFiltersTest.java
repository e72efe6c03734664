package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.sql.oracle.OrderSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runtime join filters (a hash join's build keys pushed into its probe side's {@code .qvr} scan): every join
 * type, keys of integers and dates, several keys, NULL keys, empty build sides, chains of joins and a table
 * joined with itself give DuckDB's answers; EXPLAIN ANALYZE shows the filters and that the scan returned
 * (and, on a sorted key, read) fewer rows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RuntimeJoinFiltersTest {
  private static final int FACT_ROWS = 60_000;
  @TempDir
  static Path folder;
  private final long seed = Long.getLong("quiver.runtime.seed", 20_261_207L);
  private OracleTables tables;

  @BeforeAll
  void load() throws Exception {
    System.out.println("RuntimeJoinFiltersTest seed " + seed + " (-Dquiver.runtime.seed=" + seed + ")");
    tables = new OracleTables(SessionOptions.defaults().withThreads(2));
    tables.load("fact", folder, memory -> rows(new Random(seed), FACT_ROWS, 20_000, memory));
    tables.load("dim", folder, memory -> rows(new Random(seed + 1), 300, 20_000, memory));
    tables.load("wide", folder, memory -> rows(new Random(seed + 2), 5_000, 20_000, memory));
  }

  @AfterAll
  void close() throws Exception {
    if (tables != null) {
      tables.close();
    }
  }

  /** id sorted 0..count-1; k random below {@code keys} (some NULL); d a date; g a small integer; s text. */
  private static VectorSchemaRoot rows(Random random, int count, int keys, BufferAllocator allocator) {
    BigIntVector id = new BigIntVector("id", allocator);
    IntVector k = new IntVector("k", allocator);
    DateDayVector d = new DateDayVector("d", allocator);
    IntVector g = new IntVector("g", allocator);
    VarCharVector s = new VarCharVector("s", allocator);
    List<FieldVector> vectors = List.of(id, k, d, g, s);
    vectors.forEach(vector -> vector.setInitialCapacity(count));
    vectors.forEach(FieldVector::allocateNew);
    for (int row = 0; row < count; row++) {
      id.set(row, row);
      if (random.nextInt(20) == 0) {
        k.setNull(row);
      } else {
        k.set(row, random.nextInt(keys));
      }
      if (random.nextInt(25) == 0) {
        d.setNull(row);
      } else {
        d.set(row, 19_000 + random.nextInt(400));
      }
      g.set(row, random.nextInt(7));
      s.setSafe(row, ("s" + random.nextInt(50)).getBytes(StandardCharsets.UTF_8));
    }
    vectors.forEach(vector -> vector.setValueCount(count));
    return new VectorSchemaRoot(new ArrayList<>(vectors));
  }

  @Test
  void everyJoinTypeGivesDuckDbsAnswer() throws Exception {
    List<String> queries = List.of(
        "SELECT f.id, m.id FROM fact f JOIN dim m ON f.k = m.k",
        "SELECT f.id, m.id FROM fact f JOIN dim m ON f.k = m.k WHERE m.g = 3",
        "SELECT f.id, m.id FROM fact f JOIN dim m ON f.k = m.k AND f.d = m.d",
        "SELECT f.id, m.id FROM fact f JOIN dim m ON f.d = m.d WHERE m.g < 2",
        "SELECT f.id, m.id FROM fact f JOIN dim m ON f.k = m.k AND f.g < m.g",
        "SELECT f.id, m.id FROM fact f LEFT JOIN dim m ON f.k = m.k WHERE m.g = 1 OR m.g IS NULL",
        "SELECT f.id, m.id FROM fact f RIGHT JOIN dim m ON f.k = m.k",
        "SELECT f.id, m.id FROM fact f FULL JOIN dim m ON f.k = m.k",
        "SELECT f.id FROM fact f WHERE f.k IN (SELECT k FROM dim WHERE g = 2)",
        "SELECT f.id FROM fact f WHERE EXISTS (SELECT 1 FROM dim m WHERE m.k = f.k AND m.g > f.g)",
        "SELECT f.id FROM fact f WHERE NOT EXISTS (SELECT 1 FROM dim m WHERE m.k = f.k)",
        "SELECT f.id FROM fact f WHERE f.k NOT IN (SELECT k FROM dim WHERE k IS NOT NULL)",
        "SELECT m.id FROM dim m WHERE m.k IN (SELECT k FROM fact WHERE g = 1)",
        "SELECT m.id FROM dim m WHERE NOT EXISTS (SELECT 1 FROM fact f WHERE f.k = m.k AND f.g = 1)",
        "SELECT m.id, count(*) FROM fact f JOIN dim m ON f.k = m.k GROUP BY m.id",
        "SELECT f.id, m.id, w.id FROM fact f JOIN dim m ON f.k = m.k JOIN wide w ON f.d = w.d AND w.g = 0"
            + " WHERE m.g = 4",
        "SELECT f.id, w.id FROM fact f JOIN wide w ON f.k = w.k JOIN dim m ON w.id = m.id",
        "SELECT a.id, b.id FROM fact a JOIN fact b ON a.id = b.id + 7 WHERE b.k < 30",
        "SELECT f.id FROM fact f JOIN dim m ON f.k = m.k WHERE m.id < 0",
        "SELECT f.id FROM fact f JOIN (SELECT * FROM dim WHERE k IS NULL) m ON f.k = m.k",
        "SELECT f.id FROM fact f JOIN dim m ON f.id = m.id * 100 + 5",
        "SELECT f.id, x.n FROM fact f JOIN (SELECT k, count(*) AS n FROM dim GROUP BY k HAVING count(*) > 1) x"
            + " ON f.k = x.k",
        "SELECT f.id FROM fact f JOIN dim m ON CAST(f.k AS BIGINT) = m.id");
    List<String> failures = new ArrayList<>();
    for (String query : queries) {
      tables.compare(query, OrderSpec.unordered()).ifPresent(difference -> failures.add(query + ": " + difference));
    }
    System.out.println(queries.size() + " joins checked");
    assertThat(failures).as("seed " + seed).isEmpty();
  }

  @Test
  void theProbeScanReturnsOnlyRowsWithABuildKey() {
    String analyzed = tables.analyze("SELECT f.id, m.id FROM fact f JOIN dim m ON f.k = m.k WHERE m.g = 3");
    assertThat(analyzed).as(analyzed).contains("runtime.filters.sets=1");
    Matcher scan = Pattern.compile("TableScan\\[fact[^\\n]*scan\\.rows\\.returned=(\\d+)").matcher(analyzed);
    assertThat(scan.find()).as(analyzed).isTrue();
    // about 300 / 7 dimension rows of 20,000 keys: a few hundred of the 60,000 fact rows
    assertThat(Long.parseLong(scan.group(1))).as(analyzed).isLessThan(FACT_ROWS / 20);
  }

  @Test
  void aSortedKeySkipsTheZonesWithoutBuildKeys() {
    String analyzed = tables.analyze("SELECT f.id, m.g FROM fact f JOIN dim m ON f.id = m.id + 100");
    Matcher scan = Pattern.compile("TableScan\\[fact[^\\n]*scan\\.rows\\.scanned=(\\d+)").matcher(analyzed);
    assertThat(scan.find()).as(analyzed).isTrue();
    // the build's ids are 100..399: every zone but the first is skipped
    assertThat(Long.parseLong(scan.group(1))).as(analyzed).isLessThan(FACT_ROWS / 2);
  }

  @Test
  void joinsThatKeepUnmatchedProbeRowsPushNothing() {
    for (String query : List.of("SELECT f.id, m.id FROM fact f LEFT JOIN dim m ON f.k = m.k",
        "SELECT f.id FROM fact f WHERE NOT EXISTS (SELECT 1 FROM dim m WHERE m.k = f.k)")) {
      String analyzed = tables.analyze(query);
      Matcher scan = Pattern.compile("TableScan\\[fact[^\\n]*").matcher(analyzed);
      assertThat(scan.find()).as(analyzed).isTrue();
      assertThat(scan.group()).as(analyzed).doesNotContain("runtime.filters")
          .contains("scan.rows.returned=" + FACT_ROWS);
    }
  }
}
