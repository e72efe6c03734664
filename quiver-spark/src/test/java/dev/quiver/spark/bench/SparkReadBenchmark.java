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
 * after two warm-ups of every arm, the arms' runs interleaved, and the bytes read: for .qvr the scan's bytes-read metric (what it fetched); for
 * Parquet the compressed size of the touched columns' chunks in the files' footers (Spark's task input
 * bytes miss Parquet's vectored reads, which run off the task thread; lineitem's row groups are not
 * pruned by these filters, so every chunk of a touched column is read). One line per measurement, then one JSON line each
 * for docs/bench/spark-read-results.jsonl (its own shape: not a quiver-bench ResultRecord, which {@code quiver bench report}
 * reads from docs/bench/results.jsonl).
 *
 * <pre>
 * java [quiver-spark's surefire JVM flags] -cp ... dev.quiver.spark.bench.SparkReadBenchmark DIR [RUNS]
 * </pre>
 * {@code -Dbench.queries=full-scan,q1,q6} and {@code -Dbench.arms=quiver,parquet-zstd,parquet-spark} pick a subset.
 * DIR holds lineitem.qvr and lineitem.parquet ({@code quiver generate tpch --scale 1 --tables lineitem},
 * {@code quiver convert lineitem.qvr lineitem.parquet}).
 */
public final class SparkReadBenchmark {
  private SparkReadBenchmark() {}

  /** Compressed bytes of the chunks of {@code columns} (all when empty) in the Parquet files at {@code path}. */
  static long parquetChunkBytes(String path, java.util.Set<String> columns) throws java.io.IOException {
    long bytes = 0;
    java.util.List<Path> files = new ArrayList<>();
    if (Files.isDirectory(Path.of(path))) {
      try (var listing = Files.list(Path.of(path))) {
        listing.filter(file -> file.getFileName().toString().endsWith(".parquet")).forEach(files::add);
      }
    } else {
      files.add(Path.of(path));
    }
    org.apache.hadoop.conf.Configuration configuration = new org.apache.hadoop.conf.Configuration();
    for (Path file : files) {
      try (org.apache.parquet.hadoop.ParquetFileReader reader = org.apache.parquet.hadoop.ParquetFileReader.open(
          org.apache.parquet.hadoop.util.HadoopInputFile.fromPath(new org.apache.hadoop.fs.Path(file.toUri()),
              configuration))) {
        for (var block : reader.getFooter().getBlocks()) {
          for (var column : block.getColumns()) {
            if (columns.isEmpty() || columns.contains(column.getPath().toDotString())) {
              bytes += column.getTotalSize();
            }
          }
        }
      }
    }
    return bytes;
  }

  public static void main(String[] arguments) throws Exception {
    Path folder = Path.of(arguments[0]);
    int runs = arguments.length > 1 ? Integer.parseInt(arguments[1]) : 3;
    SparkSession spark = SparkSession.builder().master("local[2]").appName("quiver-read-bench")
        .config("spark.driver.host", "127.0.0.1").config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4").getOrCreate();
    AtomicLong quiverBytes = new AtomicLong();
    spark.sparkContext().addSparkListener(new SparkListener() {
      @Override
      public void onTaskEnd(SparkListenerTaskEnd end) {
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
    java.util.Map<String, java.util.Set<String>> touched = java.util.Map.of("full-scan", java.util.Set.of(), "q1",
        java.util.Set.of("l_returnflag", "l_linestatus", "l_quantity", "l_extendedprice", "l_discount", "l_tax",
            "l_shipdate"),
        "q6", java.util.Set.of("l_shipdate", "l_discount", "l_quantity", "l_extendedprice"));
    List<String> json = new ArrayList<>();
    String commit = System.getProperty("quiver.commit", "unknown");
    String onlyQueries = System.getProperty("bench.queries", "");
    String onlyArms = System.getProperty("bench.arms", "");
    List<String[]> chosen = new ArrayList<>();
    for (String[] arm : arms) {
      if (onlyArms.isEmpty() || List.of(onlyArms.split(",")).contains(arm[0])) {
        chosen.add(arm);
      }
    }
    for (String[] query : queries) {
      if (!onlyQueries.isEmpty() && !List.of(onlyQueries.split(",")).contains(query[0])) {
        continue;
      }
      // every arm warmed up twice, then the runs interleaved (arm order rotating), so no arm gains
      // from running after the others have warmed the JVM
      long[][] times = new long[chosen.size()][runs];
      long[] bytes = new long[chosen.size()];
      for (int run = -2; run < runs; run++) {
        for (int step = 0; step < chosen.size(); step++) {
          int a = Math.floorMod(step + run, chosen.size());
          String[] arm = chosen.get(a);
          spark.read().format(arm[1]).load(arm[2]).createOrReplaceTempView("lineitem");
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
            times[a][run] = elapsed;
            bytes[a] = arm[1].equals("quiver") ? quiverBytes.get() : parquetChunkBytes(arm[2], touched.get(query[0]));
          }
        }
      }
      for (int a = 0; a < chosen.size(); a++) {
        java.util.Arrays.sort(times[a]);
        double medianMs = times[a][runs / 2] / 1e6;
        System.out.printf(Locale.ROOT, "%-10s %-14s median %9.1f ms  bytes read %,d%n", query[0], chosen.get(a)[0],
            medianMs, bytes[a]);
        json.add(String.format(Locale.ROOT,
            "{\"suite\":\"spark-read\",\"query\":\"%s\",\"arm\":\"%s\",\"median_ms\":%.1f,\"bytes_read\":%d,"
                + "\"runs\":%d,\"commit\":\"%s\",\"date\":\"%s\"}",
            query[0], chosen.get(a)[0], medianMs, bytes[a], runs, commit, java.time.LocalDate.now()));
      }
    }
    json.forEach(System.out::println);
    spark.stop();
  }
}
