package dev.quiver.spark.bench;

import dev.quiver.datagen.tpch.TpchQueries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.AccumulableInfo;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Spark local[2] on TPC-H lineitem: a full scan, Q1 and Q6 over {@code .qvr} (the quiver source) against
 * Parquet in the same Spark: the Parquet quiver convert writes (parquet-java, zstd) and the Parquet Spark
 * itself writes (snappy, its default; made on first run). Per arm and query: median wall time of the runs
 * after one warm-up, and the bytes read (Parquet: the tasks' input bytes; .qvr: the scan's bytes-read
 * metric). One line per measurement, then one JSON line each for docs/bench/results.jsonl.
 *
 * <pre>
 * java [quiver-spark's surefire JVM flags] -cp ... dev.quiver.spark.bench.SparkReadBenchmark DIR [RUNS]
 * </pre>
 * DIR holds lineitem.qvr and lineitem.parquet ({@code quiver generate tpch --scale 1 --tables lineitem},
 * {@code quiver convert lineitem.qvr lineitem.parquet}).
 */
public final class SparkReadBenchmark {
  private SparkReadBenchmark() {}

  public static void main(String[] arguments) throws Exception {
    Path folder = Path.of(arguments[0]);
    int runs = arguments.length > 1 ? Integer.parseInt(arguments[1]) : 3;
    SparkSession spark = SparkSession.builder().master("local[2]").appName("quiver-read-bench")
        .config("spark.driver.host", "127.0.0.1").config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4").getOrCreate();
    AtomicLong inputBytes = new AtomicLong();
    AtomicLong quiverBytes = new AtomicLong();
    spark.sparkContext().addSparkListener(new SparkListener() {
      @Override
      public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.taskMetrics() != null) {
          inputBytes.addAndGet(end.taskMetrics().inputMetrics().bytesRead());
        }
        for (AccumulableInfo info : scala.jdk.javaapi.CollectionConverters.asJava(end.taskInfo().accumulables())) {
          if (info.name().isDefined() && info.name().get().equals("bytes read from files")
              && info.update().isDefined()) {
            quiverBytes.addAndGet(((Number) info.update().get()).longValue());
          }
        }
      }
    });
    Path sparkParquet = folder.resolve("lineitem-spark.parquet");
    if (!Files.exists(sparkParquet)) {
      spark.read().parquet(folder.resolve("lineitem.parquet").toString()).write().parquet(sparkParquet.toString());
    }
    String[][] arms = {{"quiver", "quiver", folder.resolve("lineitem.qvr").toString()},
        {"parquet-zstd", "parquet", folder.resolve("lineitem.parquet").toString()},
        {"parquet-spark", "parquet", sparkParquet.toString()}};
    String[][] queries = {{"full-scan", null}, {"q1", TpchQueries.statement(1).replace("day (3)", "day")},
        {"q6", TpchQueries.statement(6)}};
    List<String> json = new ArrayList<>();
    String commit = System.getProperty("quiver.commit", "unknown");
    for (String[] query : queries) {
      for (String[] arm : arms) {
        spark.read().format(arm[1]).load(arm[2]).createOrReplaceTempView("lineitem");
        long[] times = new long[runs];
        long bytes = 0;
        for (int run = -1; run < runs; run++) {
          inputBytes.set(0);
          quiverBytes.set(0);
          long start = System.nanoTime();
          if (query[1] == null) {
            spark.table("lineitem").write().format("noop").mode("overwrite").save();
          } else {
            Dataset<Row> result = spark.sql(query[1]);
            result.collectAsList();
          }
          long elapsed = System.nanoTime() - start;
          spark.sparkContext().listenerBus().waitUntilEmpty();
          if (run >= 0) {
            times[run] = elapsed;
            bytes = arm[1].equals("quiver") ? quiverBytes.get() : inputBytes.get();
          }
        }
        java.util.Arrays.sort(times);
        double medianMs = times[runs / 2] / 1e6;
        System.out.printf(Locale.ROOT, "%-10s %-14s median %9.1f ms  bytes read %,d%n", query[0], arm[0], medianMs,
            bytes);
        json.add(String.format(Locale.ROOT,
            "{\"suite\":\"spark-read\",\"query\":\"%s\",\"arm\":\"%s\",\"median_ms\":%.1f,\"bytes_read\":%d,"
                + "\"runs\":%d,\"commit\":\"%s\",\"date\":\"%s\"}",
            query[0], arm[0], medianMs, bytes, runs, commit, java.time.LocalDate.now()));
      }
    }
    json.forEach(System.out::println);
    spark.stop();
  }
}
