package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.sql.oracle.DuckDbOracle;
import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.Result;
import dev.quiver.sql.oracle.ResultComparison;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Aggregates without GROUP BY answered from zone statistics: seeded random tables (a folder of three
 * {@code .qvr} files with 128-row zones, and one file) of sorted, clustered and random columns of
 * every supported type with NULLs, all-NULL zones, NaN and strings; random filters (pushed and not)
 * × random COUNT(*)/COUNT/MIN/MAX/SUM; every answer equal to DuckDB's on the same rows and to the
 * same session with the pushdown switched off. Then the metrics: no data segment read for COUNT(*)
 * and MIN/MAX without a filter, fewer segments than the switched-off path with a range filter on a
 * sorted column.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatisticsAggregatesTest {
  private static final int ZONE_ROWS = 128;
  private static final int[] FILE_ROWS = {1500, 1000, 733};
  private static final long FIRST_DAY = LocalDate.of(1990, 1, 1).toEpochDay();
  private static final List<String> SUMMABLE = List.of("id", "g", "u", "z", "b", "w", "m");
  private static final List<String> ORDERED = List.of("id", "g", "u", "z", "b", "w", "m", "dt", "ts");
  private static final List<String> ALL = List.of("id", "g", "u", "z", "b", "w", "m", "dt", "ts", "d", "s");

  @TempDir
  static Path folder;
  private final long seed = Long.getLong("quiver.statistics.seed", 20_261_202L);
  private final BufferAllocator allocator = new RootAllocator();
  private DuckDbOracle oracle;
  private SessionRunner pushed;
  private SessionRunner scanned;

  @BeforeAll
  void load() throws Exception {
    System.out.println("StatisticsAggregatesTest seed " + seed + " (-Dquiver.statistics.seed=" + seed + ")");
    oracle = DuckDbOracle.inMemory();
    pushed = new SessionRunner(SessionOptions.defaults().withThreads(2).withStatisticsAggregates(true));
    scanned = new SessionRunner(SessionOptions.defaults().withThreads(2).withStatisticsAggregates(false));
    Random random = new Random(seed);
    Path table = Files.createDirectories(folder.resolve("t"));
    QuiverWriter.Options options = QuiverWriter.Options.defaults().withZoneRows(ZONE_ROWS).withChunkBytes(4096);
    long offset = 0;
    for (int f = 0; f < FILE_ROWS.length; f++) {
      try (VectorSchemaRoot root = rows(random, FILE_ROWS[f], offset)) {
        write(table.resolve("part-" + f + ".qvr"), root, options);
        if (f == 0) {
          oracle.createTable("t", root.getSchema());
          write(folder.resolve("single.qvr"), root, QuiverWriter.Options.defaults());
          oracle.createTable("single", root.getSchema());
          oracle.append("single", root);
        }
        oracle.append("t", root);
      }
      offset += FILE_ROWS[f];
    }
    for (SessionRunner runner : List.of(pushed, scanned)) {
      runner.session().register("t", table);
      runner.session().register("single", folder.resolve("single.qvr"));
    }
  }

  private void write(Path file, VectorSchemaRoot root, QuiverWriter.Options options) throws Exception {
    try (QuiverWriter writer = QuiverWriter.create(file, root.getSchema(), allocator, options)) {
      writer.write(root);
    }
  }

  @AfterAll
  void close() throws Exception {
    try (allocator; DuckDbOracle closing = oracle; SessionRunner first = pushed; SessionRunner second = scanned) {
      // closed in reverse order
    }
  }

  @Test
  void randomAggregatesEqualDuckDbAndTheScannedPath() throws Exception {
    Random random = new Random(seed * 31 + 7);
    List<String> failures = new ArrayList<>();
    int answeredFromStatistics = 0;
    int rewritten = 0;
    int queries = 300;
    for (int q = 0; q < queries; q++) {
      String table = random.nextInt(5) == 0 ? "single" : "t";
      String query = "SELECT " + String.join(", ", calls(random)) + " FROM " + table + where(random);
      Result expected = oracle.run(query);
      Result off = scanned.run(query);
      Result on = pushed.run(query);
      ResultComparison.compare(expected, on, OrderSpec.unordered(), null)
          .ifPresent(difference -> failures.add("DuckDB vs pushdown: " + query + ": " + difference));
      ResultComparison.compare(off, on, OrderSpec.unordered(), null)
          .ifPresent(difference -> failures.add("scanned vs pushdown: " + query + ": " + difference));
      String plan = pushed.session().explain(query);
      if (plan.contains("StatisticsAggregate[")) {
        rewritten++;
        if (metric(plan, "zones from statistics") > 0) {
          answeredFromStatistics++;
        }
      }
      assertThat(scanned.session().explain(query)).doesNotContain("StatisticsAggregate[");
    }
    System.out.println(queries + " aggregates checked: " + rewritten + " pushed down, " + answeredFromStatistics
        + " with zones answered from statistics");
    assertThat(failures).as("seed " + seed).isEmpty();
    assertThat(rewritten).as("pushed-down queries").isGreaterThan(queries / 3);
    assertThat(answeredFromStatistics).as("queries with zones from statistics").isGreaterThan(queries / 5);
  }

  @Test
  void countMinAndMaxWithoutFilterReadNoDataSegment() {
    for (String table : List.of("t", "single")) {
      for (String query : List.of("SELECT COUNT(*) FROM " + table,
          "SELECT MIN(dt), MAX(dt) FROM " + table, "SELECT COUNT(*), MIN(id), MAX(ts), SUM(g), COUNT(s) FROM "
              + table)) {
        String analyzed = analyze(pushed, query);
        assertThat(analyzed).as(analyzed).contains("StatisticsAggregate[").contains("StatisticsAggregate{");
        assertThat(metric(analyzed, "scan.segments.requested")).as(analyzed).isZero();
        assertThat(metric(analyzed, "zones.statistics")).as(analyzed).isPositive();
        assertThat(metric(analyzed, "zones.scanned")).as(analyzed).isZero();
        String plain = analyze(scanned, query);
        assertThat(plain).doesNotContain("StatisticsAggregate[");
      }
    }
  }

  @Test
  void aRangeOnASortedColumnReadsFewerSegmentsThanTheScan() throws Exception {
    String query = "SELECT COUNT(*), SUM(u), MIN(m), MAX(dt) FROM t WHERE id BETWEEN 100 AND 2900";
    String analyzed = analyze(pushed, query);
    String plain = analyze(scanned, query);
    long pushedSegments = metric(analyzed, "scan.segments.requested");
    long scannedSegments = metric(plain, "scan.segments.requested");
    System.out.println("segments requested: " + pushedSegments + " pushed down, " + scannedSegments + " scanned");
    assertThat(pushedSegments).as(analyzed + "\n" + plain).isLessThan(scannedSegments);
    assertThat(metric(analyzed, "zones.scanned")).as(analyzed).isPositive();
    assertThat(metric(analyzed, "zones.statistics")).as(analyzed).isPositive();
    assertThat(ResultComparison.compare(oracle.run(query), pushed.run(query), OrderSpec.unordered(), null))
        .isEqualTo(Optional.empty());
  }

  @Test
  void unsupportedShapesStayOnTheNormalPath() {
    for (String query : List.of("SELECT MIN(s) FROM t", "SELECT SUM(d) FROM t", "SELECT COUNT(DISTINCT g) FROM t",
        "SELECT g, COUNT(*) FROM t GROUP BY g", "SELECT COUNT(*) FROM t WHERE id % 7 = 1",
        "SELECT AVG(u) FROM t")) {
      assertThat(pushed.session().explain(query)).as(query).doesNotContain("StatisticsAggregate[");
    }
    assertThat(pushed.session().explain("SELECT COUNT(*) FROM t WHERE g = 3")).contains("StatisticsAggregate[");
  }

  private static String analyze(SessionRunner runner, String query) {
    try (SqlResult result = runner.session().execute("EXPLAIN ANALYZE " + query)) {
      return result.text();
    }
  }

  /**
   * The value of {@code name=N} in a plan's text, summed over every operator that reports it; 0 when
   * none does (EXPLAIN ANALYZE leaves zero metrics out).
   */
  private static long metric(String text, String name) {
    Matcher matcher = Pattern.compile("(?<![\\w.])" + Pattern.quote(name) + "=(\\d+)").matcher(text);
    long total = 0;
    while (matcher.find()) {
      total += Long.parseLong(matcher.group(1));
    }
    return total;
  }

  private static List<String> calls(Random random) {
    List<String> calls = new ArrayList<>();
    int count = 1 + random.nextInt(4);
    for (int i = 0; i < count; i++) {
      switch (random.nextInt(5)) {
        case 0 -> calls.add("COUNT(*)");
        case 1 -> calls.add("COUNT(" + pick(random, ALL) + ")");
        case 2 -> calls.add("MIN(" + pick(random, ORDERED) + ")");
        case 3 -> calls.add("MAX(" + pick(random, ORDERED) + ")");
        default -> calls.add("SUM(" + pick(random, SUMMABLE) + ")");
      }
    }
    return calls;
  }

  private static String where(Random random) {
    int kind = random.nextInt(12);
    if (kind < 2) {
      return "";
    }
    String condition = condition(random);
    if (kind < 4) {
      condition = condition + (random.nextBoolean() ? " AND " : " OR ") + condition(random);
    } else if (kind == 4) {
      condition = "NOT (" + condition + ")";
    }
    return " WHERE " + condition;
  }

  private static String condition(Random random) {
    long total = 3233;
    long a = random.nextInt((int) total + 200) - 100;
    long b = a + random.nextInt(1500);
    return switch (random.nextInt(14)) {
      case 0 -> "id BETWEEN " + a + " AND " + b;
      case 1 -> "id < " + a;
      case 2 -> "id >= " + a;
      case 3 -> "g = " + a / 100;
      case 4 -> "g IN (" + a / 100 + ", " + b / 100 + ")";
      case 5 -> "dt >= DATE '" + LocalDate.ofEpochDay(FIRST_DAY + a / 20) + "'";
      case 6 -> "u > " + (random.nextInt(2_000_001) - 1_000_000);
      case 7 -> "z IS NULL";
      case 8 -> "z IS NOT NULL";
      case 9 -> "u IS NULL";
      case 10 -> "w < " + (random.nextInt(200) - 100);
      case 11 -> "m > " + BigDecimal.valueOf(random.nextInt(2_000_000) - 1_000_000, 3);
      case 12 -> "id % 9 = 2";
      default -> "s = 'a'";
    };
  }

  private static String pick(Random random, List<String> names) {
    return names.get(random.nextInt(names.size()));
  }

  /**
   * {@code id} BIGINT sorted (the table's row), {@code g} INT clustered (id / 100), {@code u} INT
   * random with NULLs, {@code z} INT NULL in whole zones (every fourth) else random, {@code b} BIGINT
   * large, {@code w} SMALLINT, {@code m} DECIMAL(12, 3), {@code dt} DATE sorted with NULLs,
   * {@code ts} TIMESTAMP random, {@code d} DOUBLE with NaN, {@code s} VARCHAR.
   */
  private VectorSchemaRoot rows(Random random, int count, long offset) {
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.nullable("g", new ArrowType.Int(32, true)), Field.nullable("u", new ArrowType.Int(32, true)),
        Field.nullable("z", new ArrowType.Int(32, true)), Field.nullable("b", new ArrowType.Int(64, true)),
        Field.nullable("w", new ArrowType.Int(16, true)), Field.nullable("m", new ArrowType.Decimal(12, 3, 128)),
        Field.nullable("dt", new ArrowType.Date(DateUnit.DAY)),
        Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
        Field.nullable("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.nullable("s", ArrowType.Utf8.INSTANCE)));
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      for (FieldVector vector : root.getFieldVectors()) {
        vector.setInitialCapacity(count);
        vector.allocateNew();
      }
      for (int row = 0; row < count; row++) {
        long id = offset + row;
        ((BigIntVector) root.getVector("id")).set(row, id);
        if (random.nextInt(50) != 0) {
          ((IntVector) root.getVector("g")).set(row, (int) (id / 100));
        }
        if (random.nextInt(10) != 0) {
          ((IntVector) root.getVector("u")).set(row, random.nextInt(2_000_001) - 1_000_000);
        }
        if ((row / ZONE_ROWS) % 4 != 1 && random.nextInt(5) != 0) {
          ((IntVector) root.getVector("z")).set(row, random.nextInt(1000));
        }
        if (random.nextInt(10) != 0) {
          ((BigIntVector) root.getVector("b")).set(row, random.nextLong() >> 24);
        }
        if (random.nextInt(8) != 0) {
          ((SmallIntVector) root.getVector("w")).set(row, (short) (random.nextInt(201) - 100));
        }
        if (random.nextInt(10) != 0) {
          ((DecimalVector) root.getVector("m")).set(row, BigDecimal.valueOf(random.nextLong() % 1_000_000_000L, 3));
        }
        if (random.nextInt(20) != 0) {
          ((DateDayVector) root.getVector("dt")).set(row, (int) (FIRST_DAY + id / 20));
        }
        if (random.nextInt(10) != 0) {
          ((TimeStampMicroVector) root.getVector("ts")).set(row,
              (FIRST_DAY + random.nextInt(20_000)) * 86_400_000_000L + random.nextInt(86_400) * 1_000_000L);
        }
        if (random.nextInt(10) != 0) {
          ((Float8Vector) root.getVector("d")).set(row, random.nextInt(15) == 0 ? Double.NaN
              : (random.nextInt(16_001) - 8_000) / 8.0);
        }
        if (random.nextInt(6) != 0) {
          ((VarCharVector) root.getVector("s")).setSafe(row, FunctionTable.STRINGS[random.nextInt(
              FunctionTable.STRINGS.length)].getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
      }
      root.setRowCount(count);
      return root;
    } catch (RuntimeException failure) {
      root.close();
      throw failure;
    }
  }
}
