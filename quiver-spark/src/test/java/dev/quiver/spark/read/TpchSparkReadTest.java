package dev.quiver.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.datagen.tpch.TpchQueries;
import dev.quiver.spark.SparkSessions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark SQL over a {@code .qvr} lineitem equals Spark over Parquet of the same rows: TPC-H Q1 and Q6
 * (as the spec writes them, Q1's {@code interval '90' day (3)} without the precision Spark's parser
 * does not take), a full scan, filters of each pushed kind, a limit, and aggregates footers answer
 * without reading a data segment.
 */
class TpchSparkReadTest {
  @TempDir
  static Path folder;
  private static SparkSession spark;

  @BeforeAll
  static void start() throws Exception {
    Path qvr = folder.resolve("lineitem.qvr");
    Path parquet = folder.resolve("lineitem.parquet");
    LineitemFixture.write(0.02, qvr, parquet);
    spark = SparkSessions.local("tpch-read");
    spark.conf().set("spark.sql.files.maxPartitionBytes", String.valueOf(256 << 10));
    spark.read().format("quiver").load(qvr.toString()).createOrReplaceTempView("lineitem");
    spark.read().parquet(parquet.toString()).createOrReplaceTempView("lineitem_parquet");
  }

  @AfterAll
  static void stop() {
    if (spark != null) {
      spark.stop();
    }
  }

  private static String tpch(int number) {
    return TpchQueries.statement(number).replace("day (3)", "day");
  }

  private static List<String> rows(Dataset<Row> result) {
    List<String> rows = new ArrayList<>();
    for (Row row : result.collectAsList()) {
      rows.add(row.toString());
    }
    rows.sort(null);
    return rows;
  }

  private static void assertSameAsParquet(String sql) {
    List<String> quiver = rows(spark.sql(sql));
    List<String> parquet = rows(spark.sql(sql.replace("lineitem", "lineitem_parquet")));
    assertThat(quiver).as(sql).isEqualTo(parquet);
  }

  @Test
  void tpchQ1AndQ6EqualSparkOnParquet() {
    assertSameAsParquet(tpch(1));
    assertSameAsParquet(tpch(6));
    assertThat(rows(spark.sql(tpch(1)))).hasSize(4);
  }

  @Test
  void fullScanEqualsParquet() {
    assertSameAsParquet("SELECT * FROM lineitem");
    assertThat(spark.table("lineitem").count()).isEqualTo(spark.table("lineitem_parquet").count());
  }

  @Test
  void explainShowsPushedFiltersAndSplits() {
    String plan = spark.sql(tpch(6)).queryExecution().executedPlan().toString();
    assertThat(plan).contains("QuiverScan").contains("PushedFilters: [").contains("l_shipdate")
        .containsPattern("Splits: [1-9]").containsPattern("Partitions: [2-9]");
    assertThat(plan).doesNotContain("Filter (");
  }

  @Test
  void filtersOfEveryKindMatchParquet() {
    assertSameAsParquet("SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_returnflag = 'R' AND l_quantity >= 30");
    assertSameAsParquet("SELECT l_orderkey, l_comment FROM lineitem WHERE l_shipmode IN ('MAIL', 'SHIP')"
        + " AND NOT (l_linestatus = 'F') AND l_comment LIKE 'furious%'");
    assertSameAsParquet("SELECT count(*) FROM lineitem WHERE l_comment LIKE '%express%' OR l_orderkey < 100");
    assertSameAsParquet("SELECT l_partkey FROM lineitem WHERE l_shipinstruct <=> 'NONE' AND l_discount > 0.05"
        + " AND l_receiptdate BETWEEN DATE '1995-01-01' AND DATE '1995-03-01'");
    assertSameAsParquet(
        "SELECT count(l_tax), sum(l_quantity) FROM lineitem WHERE l_suppkey <> 7 AND l_comment IS NOT NULL");
  }

  @Test
  void limitReturnsThatManyRows() {
    assertThat(spark.sql("SELECT * FROM lineitem LIMIT 7").collectAsList()).hasSize(7);
    assertThat(spark.sql("SELECT l_orderkey FROM lineitem WHERE l_quantity > 49 LIMIT 3").collectAsList()).hasSize(3);
  }

  @Test
  void countMinMaxFromStatisticsReadNoSegment() {
    String sql = "SELECT count(*), min(l_shipdate), max(l_orderkey), count(l_discount) FROM lineitem";
    assertSameAsParquet(sql);
    Dataset<Row> result = spark.sql(sql);
    assertThat(result.queryExecution().executedPlan().toString()).contains("QuiverStatistics");
    assertThat(scanMetrics(result)).containsEntry("quiverSegmentsRead", 0L).containsEntry("quiverSplits", 0L);
    // the contrast: an aggregate statistics cannot answer is scanned, and the same metrics count its reads
    Dataset<Row> scanned = spark.sql("SELECT count(*) FROM lineitem WHERE l_quantity < 10");
    assertThat(scanned.queryExecution().executedPlan().toString()).doesNotContain("QuiverStatistics");
    java.util.Map<String, Long> metrics = scanMetrics(scanned);
    assertThat(metrics.get("quiverSegmentsRead")).isPositive();
    assertThat(metrics.get("quiverSplits")).isPositive();
    assertThat(metrics.get("numOutputRows")).isEqualTo(
        spark.sql("SELECT count(*) FROM lineitem_parquet WHERE l_quantity < 10").first().getLong(0));
  }

  /** Runs the query's physical plan once and sums each metric over the plan's leaves. */
  private static java.util.Map<String, Long> scanMetrics(Dataset<Row> result) {
    SparkPlan plan = result.queryExecution().executedPlan();
    plan.executeCollect();
    java.util.Map<String, Long> totals = new java.util.TreeMap<>();
    for (SparkPlan node : scala.jdk.javaapi.CollectionConverters.asJava(plan.collectLeaves())) {
      for (var entry : scala.jdk.javaapi.CollectionConverters.asJava(node.metrics()).entrySet()) {
        totals.merge(entry.getKey(), entry.getValue().value(), Long::sum);
      }
    }
    return totals;
  }

  @Test
  void tableFolderReadsEveryFile() throws Exception {
    Path table = Files.createDirectories(folder.resolve("two"));
    Files.copy(folder.resolve("lineitem.qvr"), table.resolve("a.qvr"));
    Files.copy(folder.resolve("lineitem.qvr"), table.resolve("b.qvr"));
    long rows = spark.read().format("quiver").load(table.toString()).count();
    assertThat(rows).isEqualTo(2 * spark.table("lineitem_parquet").count());
  }
}
