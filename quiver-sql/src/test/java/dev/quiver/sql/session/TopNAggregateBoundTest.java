package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.sql.oracle.DuckDbOracle;
import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.ResultComparison;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A top-N right above a GROUP BY, first by a COUNT: the aggregate outputs only the groups that can reach the top-N
 * (EXPLAIN ANALYZE counts {@code topn.groups.skipped}), and the answers equal DuckDB's (ties at the cut may be any of
 * the tied groups), ascending and descending, with OFFSET, second keys, many ties (every count 1), COUNT(x) with
 * NULLs, COUNT(DISTINCT) (not bounded), at one and two threads and under a memory limit that spills.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TopNAggregateBoundTest {
  @TempDir
  static Path folder;
  private static final int ROWS = 120_000;
  private final long seed = Long.getLong("quiver.topnbound.seed", 20_261_207L);
  private OracleTables tables;
  private Path file;

  @BeforeAll
  void load() throws Exception {
    System.out.println("TopNAggregateBoundTest seed " + seed + " (-Dquiver.topnbound.seed=" + seed + ")");
    tables = new OracleTables(SessionOptions.defaults());
    file = tables.load("t", folder, this::rows);
  }

  private VectorSchemaRoot rows(BufferAllocator allocator) {
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.nullable("k", new ArrowType.Int(32, true)), Field.nullable("s", ArrowType.Utf8.INSTANCE),
        Field.nullable("v", new ArrowType.Int(32, true))));
    Random random = new Random(seed);
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    BigIntVector id = (BigIntVector) root.getVector("id");
    IntVector k = (IntVector) root.getVector("k");
    VarCharVector s = (VarCharVector) root.getVector("s");
    IntVector v = (IntVector) root.getVector("v");
    root.allocateNew();
    for (int row = 0; row < ROWS; row++) {
      id.setSafe(row, random.nextLong());
      if (random.nextInt(50) == 0) {
        k.setNull(row);
      } else {
        // skewed: a few heavy keys, many light ones
        k.setSafe(row, random.nextInt(4) == 0 ? random.nextInt(30) : random.nextInt(40_000));
      }
      if (random.nextInt(30) == 0) {
        s.setNull(row);
      } else {
        s.setSafe(row, ("w" + random.nextInt(random.nextBoolean() ? 20 : 3_000)).getBytes(StandardCharsets.UTF_8));
      }
      if (random.nextInt(5) == 0) {
        v.setNull(row);
      } else {
        v.setSafe(row, random.nextInt(100));
      }
    }
    root.setRowCount(ROWS);
    return root;
  }

  @AfterAll
  void close() throws Exception {
    if (tables != null) {
      tables.close();
    }
  }

  private static final List<String> BOUNDED = List.of(
      "SELECT k, COUNT(*) AS c FROM t GROUP BY k ORDER BY c DESC LIMIT 10",
      "SELECT k, COUNT(*) AS c FROM t GROUP BY k ORDER BY c DESC, k LIMIT 25",
      "SELECT k, COUNT(*) AS c FROM t GROUP BY k ORDER BY c ASC, k NULLS FIRST LIMIT 7 OFFSET 40",
      "SELECT k, s, COUNT(*) AS c, SUM(v) AS total FROM t GROUP BY k, s ORDER BY c DESC LIMIT 10",
      "SELECT s, COUNT(v) AS c, MIN(v) AS lo FROM t GROUP BY s ORDER BY c LIMIT 5",
      "SELECT id, COUNT(*) AS c FROM t GROUP BY id ORDER BY c DESC LIMIT 10");

  private static final List<String> UNBOUNDED = List.of(
      "SELECT k, COUNT(DISTINCT v) AS u FROM t GROUP BY k ORDER BY u DESC, k LIMIT 10",
      "SELECT k, COUNT(*) AS c FROM t GROUP BY k HAVING COUNT(*) > 3 ORDER BY c DESC, k LIMIT 10",
      "SELECT k, SUM(v) AS total FROM t GROUP BY k ORDER BY total DESC NULLS LAST, k LIMIT 10");

  @Test
  void boundedOutputsEqualDuckDb() throws Exception {
    DuckDbOracle oracle = tables.oracle();
    for (SessionOptions options : List.of(SessionOptions.defaults().withThreads(1),
        SessionOptions.defaults().withThreads(2), SessionOptions.defaults().withThreads(2).withRepartitionGroups(1),
        SessionOptions.defaults().withThreads(2).withMemoryLimit(4L << 20).withSpillDirectory(folder))) {
      try (SessionRunner engine = new SessionRunner(options)) {
        engine.session().register("t", file);
        for (String query : concat(BOUNDED, UNBOUNDED)) {
          var expected = oracle.run(query);
          var actual = engine.run(query);
          OrderSpec order = OrderSpec.fromSql(query, actual.columnNames());
          var unlimited = oracle.run(OrderSpec.withoutLimit(query));
          assertThat(ResultComparison.compare(expected, actual, order, unlimited)).as(query + " with " + options)
              .isEmpty();
        }
        if (options.queryOptions().memoryLimit() > (64L << 20)) { // the spilling run's output comes from disk
          for (String query : BOUNDED) {
            assertThat(skipped(engine, query)).as("groups skipped: " + query + " with " + options).isPositive();
          }
          for (String query : UNBOUNDED) {
            assertThat(skipped(engine, query)).as("groups skipped: " + query + " with " + options).isZero();
          }
        }
      }
    }
  }

  private static List<String> concat(List<String> first, List<String> second) {
    List<String> all = new java.util.ArrayList<>(first);
    all.addAll(second);
    return all;
  }

  private static long skipped(SessionRunner engine, String query) {
    String analyzed;
    try (SqlResult result = engine.session().execute("EXPLAIN ANALYZE " + query)) {
      analyzed = result.text();
    }
    Matcher found = Pattern.compile("topn\\.groups\\.skipped=(\\d+)").matcher(analyzed);
    return found.find() ? Long.parseLong(found.group(1)) : 0;
  }
}
