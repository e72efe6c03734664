package dev.quiver.sql.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.io.TableWriter;
import dev.quiver.io.formats.TableFormat;
import dev.quiver.io.formats.WriteOptions;
import dev.quiver.io.parquet.ParquetArrowWriter;
import dev.quiver.sql.oracle.ArrowResults;
import dev.quiver.sql.oracle.DuckDbOracle;
import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.Result;
import dev.quiver.sql.oracle.ResultComparison;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import dev.quiver.sql.session.SqlResult;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiPredicate;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet files in hive-style {@code year=Y/month=M/} folders read by glob and by folder: answers
 * equal DuckDB's {@code read_parquet(..., hive_partitioning = true)} (partition column types too), a
 * filter on partition columns skips exactly the files it rules out (metrics), a filter on a sorted
 * column skips row groups, floats with NaN are never skipped wrongly, and files with and without
 * partition folders are a USER error.
 */
class HivePartitionsTest {
  private static final int ROWS = 600;
  private static final Schema ITEMS = new Schema(List.of(
      Field.nullable("id", new ArrowType.Int(64, true)),
      Field.nullable("name", ArrowType.Utf8.INSTANCE),
      Field.nullable("score", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));
  private static final String[] MONTHS = {"1", "2", "3", HivePartitions.DEFAULT_PARTITION};

  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();
  @TempDir
  Path folder;

  private final long seed = System.nanoTime();
  private Random random;
  /** Per written file: its year and month (null for the default partition). */
  private final List<long[]> partitions = new ArrayList<>();

  @BeforeEach
  void seed() {
    System.out.println("HivePartitionsTest seed " + seed);
    random = new Random(seed);
  }

  private void writeItems(Path file, long from) throws IOException {
    Files.createDirectories(file.getParent());
    try (VectorSchemaRoot root = VectorSchemaRoot.create(ITEMS, allocator.allocator())) {
      root.allocateNew();
      for (int row = 0; row < ROWS; row++) {
        ((BigIntVector) root.getVector("id")).setSafe(row, from + row);
        ((VarCharVector) root.getVector("name")).setSafe(row,
            ("n" + random.nextInt(50) + (row % 7 == 0 ? "é€" : "")).getBytes(StandardCharsets.UTF_8));
        double score = random.nextInt(10) == 0 ? Double.NaN : random.nextInt(1_000) / 4.0;
        ((Float8Vector) root.getVector("score")).setSafe(row, score);
      }
      root.setRowCount(ROWS);
      WriteOptions options = new WriteOptions(ParquetArrowWriter.Options.defaults().withRowGroupBytes(2_048));
      try (TableWriter writer = TableFormat.PARQUET.openWriter(file, ITEMS, allocator.allocator(), options)) {
        writer.write(root);
        writer.commit();
      }
    }
  }

  /** Two years, months 1-3 and the default partition, two files in some months. */
  private Path writeTable() throws IOException {
    Path table = folder.resolve("sales");
    long id = 0;
    for (int year = 2023; year <= 2024; year++) {
      for (String month : MONTHS) {
        int files = 1 + random.nextInt(2);
        for (int part = 0; part < files; part++) {
          writeItems(table.resolve("year=" + year).resolve("month=" + month).resolve("part-" + part + ".parquet"),
              id);
          id += ROWS;
          partitions
              .add(new long[] {year, month.equals(HivePartitions.DEFAULT_PARTITION) ? -1 : Long.parseLong(month)});
        }
      }
    }
    return table;
  }

  private static Result run(QuiverSession session, String sql, Map<String, Long> metrics) {
    try (SqlResult result = session.execute(sql)) {
      ArrowResults.Collector collector = new ArrowResults.Collector(result.schema());
      for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
        try (VectorSchemaRoot rows = batch) {
          collector.add(rows);
        }
      }
      if (metrics != null) {
        result.metrics().asMap().forEach((name, value) -> {
          for (String metric : List.of("files.total", "files.skipped", "rowgroups.total", "rowgroups.skipped")) {
            if (name.endsWith("." + metric)) {
              metrics.merge(metric, value, Long::sum);
            }
          }
        });
      }
      return collector.result();
    }
  }

  private long filesWhere(BiPredicate<Long, Long> yearMonth) {
    return partitions.stream().filter(file -> yearMonth.test(file[0], file[1] < 0 ? null : file[1])).count();
  }

  @Test
  void partitionColumnsAnswerAsDuckDbAndPruneFiles() throws Exception {
    Path table = writeTable();
    String glob = table + "/**/*.parquet";
    String duck = "read_parquet('" + glob + "', hive_partitioning = true)";
    record Case(String where, BiPredicate<Long, Long> kept) {}
    List<Case> cases = List.of(
        new Case("", (year, month) -> true),
        new Case("WHERE \"year\" = 2024 AND \"month\" IN (1, 2)",
            (year, month) -> year == 2024 && month != null && month <= 2),
        new Case("WHERE \"month\" >= 2 AND \"month\" < 3", (year, month) -> month != null && month == 2),
        new Case("WHERE \"month\" IS NULL", (year, month) -> month == null),
        new Case("WHERE \"year\" = 2023 OR \"month\" = 3",
            (year, month) -> year == 2023 || (month != null && month == 3)),
        new Case("WHERE \"year\" > 2030", (year, month) -> false));
    try (DuckDbOracle oracle = DuckDbOracle.inMemory();
        QuiverSession session = QuiverSession.open(allocator.allocator(), SessionOptions.defaults().withThreads(2))) {
      for (Case test : cases) {
        for (String source : List.of("'" + glob + "'", "'" + table + "'")) {
          String query = "SELECT \"year\", \"month\", count(*), sum(id), min(name), max(score) FROM %s " + test.where()
              + " GROUP BY \"year\", \"month\"";
          Map<String, Long> metrics = new java.util.HashMap<>();
          Result actual = run(session, String.format(query, source), metrics);
          Result expected = oracle.run(String.format(query, duck));
          ResultComparison.assertSameAnswer(query + " over " + source, expected, actual, OrderSpec.unordered(),
              null);
          assertThat(metrics.get("files.total")).as("files of %s", source).isEqualTo(partitions.size());
          assertThat(metrics.get("files.skipped")).as("files skipped by %s", test.where())
              .isEqualTo(partitions.size() - filesWhere(test.kept()));
        }
      }
      try (SqlResult explained = session.execute("EXPLAIN ANALYZE SELECT count(*) FROM '" + glob
          + "' WHERE \"year\" > 2030")) {
        assertThat(explained.text()).contains("files.total").contains("files.skipped")
            .contains("rowgroups.skipped");
      }
      Result types = oracle.run("SELECT typeof(\"year\"), typeof(\"month\") FROM " + duck + " LIMIT 1");
      FileTableSource source = (FileTableSource) session.catalog().resolveTable(glob);
      assertThat(types.rows().get(0)).containsExactly("BIGINT", "BIGINT");
      assertThat(source.schema().findField("year").getType()).isEqualTo(new ArrowType.Int(64, true));
      assertThat(source.schema().findField("month").getType()).isEqualTo(new ArrowType.Int(64, true));
    }
  }

  @Test
  void rowGroupsOutsideTheFilterAreSkippedAndNaNIsNeverSkippedWrongly() throws Exception {
    Path table = writeTable();
    String glob = table + "/**/*.parquet";
    String duck = "read_parquet('" + glob + "', hive_partitioning = true)";
    try (DuckDbOracle oracle = DuckDbOracle.inMemory();
        QuiverSession session = QuiverSession.open(allocator.allocator(), SessionOptions.defaults().withThreads(2))) {
      for (String where : List.of("id < 100", "id BETWEEN 1000 AND 1100", "score > 240", "score < 1 OR id = 5",
          "name = 'n3' AND id > 1500", "\"year\" = 2024 AND id < " + ROWS * 3)) {
        String query = "SELECT count(*), sum(id), count(score), min(name) FROM %s WHERE " + where;
        Map<String, Long> metrics = new java.util.HashMap<>();
        Result actual = run(session, String.format(query, "'" + glob + "'"), metrics);
        Result expected = oracle.run(String.format(query, duck));
        ResultComparison.assertSameAnswer(query, expected, actual, OrderSpec.unordered(), null);
        assertThat(metrics.get("rowgroups.total")).as("row groups").isGreaterThan(partitions.size());
        if (where.startsWith("id <") || where.startsWith("id BETWEEN")) {
          assertThat(metrics.get("rowgroups.skipped")).as("row groups skipped by %s", where)
              .isGreaterThan(metrics.get("rowgroups.total") / 2);
        }
      }
    }
  }

  @Test
  void csvFilesInDateAndTextPartitionsAnswerAsDuckDb() throws Exception {
    Path table = folder.resolve("events");
    String[] regions = {"eu", "us west", "a%2Fb"};
    String[] days = {"2024-07-01", "2024-07-02", HivePartitions.DEFAULT_PARTITION};
    int files = 0;
    for (String region : regions) {
      for (String day : days) {
        StringBuilder text = new StringBuilder("id,label\n");
        for (int row = 0; row < 20; row++) {
          text.append(files * 100 + row).append(",l").append(random.nextInt(5)).append('\n');
        }
        Path file = table.resolve("region=" + region).resolve("day=" + day).resolve("data.csv");
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        files++;
      }
    }
    String glob = table + "/*/*/*.csv";
    String duck = "read_csv('" + glob + "', hive_partitioning = true)";
    try (DuckDbOracle oracle = DuckDbOracle.inMemory();
        QuiverSession session = QuiverSession.open(allocator.allocator(), SessionOptions.defaults().withThreads(2))) {
      for (String where : List.of("", "WHERE \"day\" = DATE '2024-07-02'", "WHERE region = 'us west'",
          "WHERE region IN ('eu', 'a/b') AND \"day\" >= DATE '2024-07-02'", "WHERE \"day\" IS NULL")) {
        String query = "SELECT region, \"day\", count(*), sum(id), max(label) FROM %s " + where
            + " GROUP BY region, \"day\"";
        Map<String, Long> metrics = new java.util.HashMap<>();
        Result actual = run(session, String.format(query, "'" + glob + "'"), metrics);
        Result expected = oracle.run(String.format(query, duck));
        ResultComparison.assertSameAnswer(query, expected, actual, OrderSpec.unordered(), null);
        assertThat(metrics.get("files.total")).isEqualTo(files);
        assertThat(metrics.get("files.skipped")).as("files skipped by %s", where)
            .isEqualTo(files - expected.rowCount());
      }
      Result types = oracle.run("SELECT typeof(region), typeof(\"day\") FROM " + duck + " LIMIT 1");
      assertThat(types.rows().get(0)).containsExactly("VARCHAR", "DATE");
      FileTableSource source = (FileTableSource) session.catalog().resolveTable(glob);
      assertThat(source.schema().findField("region").getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
      assertThat(source.schema().findField("day").getType()).isEqualTo(new ArrowType.Date(DateUnit.DAY));
    }
  }

  @Test
  void filesWithAndWithoutPartitionFoldersAreAUserError() throws IOException {
    writeItems(folder.resolve("mixed/year=2024/a.parquet"), 0);
    writeItems(folder.resolve("mixed/b.parquet"), 0);
    try (QuiverSession session = QuiverSession.open(allocator.allocator(), SessionOptions.defaults())) {
      assertThatThrownBy(() -> session.execute("SELECT count(*) FROM '" + folder.resolve("mixed") + "/**.parquet'"))
          .isInstanceOf(QuiverException.class)
          .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER))
          .hasMessageContaining("a.parquet sits in partition folders [year]")
          .hasMessageContaining("b.parquet in (none)");
    }
  }
}
