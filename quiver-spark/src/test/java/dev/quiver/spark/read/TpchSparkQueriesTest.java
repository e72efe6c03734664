package dev.quiver.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.datagen.tpch.TpchQueries;
import dev.quiver.spark.SparkSessions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 22 TPC-H queries in Spark SQL over the eight tables as {@code .qvr} equal the same queries over
 * Parquet of the same rows (scale 0.01). The query text is the spec's, as quiver-datagen holds it, with
 * one change Spark's parser needs: Q1's {@code interval '90' day (3)} without the precision.
 */
class TpchSparkQueriesTest {
  @TempDir
  static Path folder;
  private static SparkSession quiver;
  private static SparkSession parquet;

  @BeforeAll
  static void start() throws Exception {
    LineitemFixture.writeAll(0.01, folder);
    quiver = SparkSessions.local("tpch-22");
    parquet = quiver.newSession();
    for (String table : LineitemFixture.TABLES) {
      quiver.read().format("quiver").load(folder.resolve(table + ".qvr").toString()).createOrReplaceTempView(table);
      parquet.read().parquet(folder.resolve(table + ".parquet").toString()).createOrReplaceTempView(table);
    }
  }

  @AfterAll
  static void stop() {
    quiver.stop();
  }

  static List<Integer> queries() {
    List<Integer> numbers = new ArrayList<>();
    for (int number = 1; number <= TpchQueries.COUNT; number++) {
      numbers.add(number);
    }
    return numbers;
  }

  private static List<String> rows(SparkSession spark, String sql) {
    List<String> rows = new ArrayList<>();
    for (Row row : spark.sql(sql).collectAsList()) {
      rows.add(row.toString());
    }
    return rows;
  }

  @ParameterizedTest(name = "Q{0}")
  @MethodSource("queries")
  void equalsSparkOnParquet(int number) {
    String sql = TpchQueries.statement(number).replace("day (3)", "day");
    List<String> expected = rows(parquet, sql);
    List<String> actual = rows(quiver, sql);
    if (!sql.toLowerCase(java.util.Locale.ROOT).contains("order by")) {
      expected.sort(null);
      actual.sort(null);
    }
    assertThat(actual).as("Q%d", number).isEqualTo(expected);
    assertThat(quiver.sql(sql).queryExecution().executedPlan().toString()).contains("Quiver");
  }
}
