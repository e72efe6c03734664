package dev.quiver.spark.exchange;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * Spark's own {@code repartition(n, cols)} against {@link QuiverExchange} in one local[2] JVM: median
 * wall time over the runs (after one warm-up run per arm) and the shuffle bytes the run wrote (task-end
 * {@code shuffleWriteMetrics.bytesWritten}, i.e. after Spark's own compression when
 * {@code spark.shuffle.compress} is on), with {@code spark.shuffle.compress} true (Spark's default),
 * then false (a new SparkContext: the setting is global). Each run builds a fresh exchange (a shuffle
 * is never reused) and forces it by iterating every row of the result ({@code toRdd().count()}: all
 * columns travel, nothing is pruned, no other shuffle runs).
 *
 * <p>Arguments: PARQUET [PARTITIONS=16] [KEYS=l_orderkey, comma-separated] [RUNS=3]. A missing
 * PARQUET is generated first (200,000 lineitem-shaped synthetic rows; {@code -Dbench.rows=N} for more).
 * Prints one line per arm: {@code compress arm median_ms shuffle_bytes ratio_to_spark}. Properties:
 * {@code -Dbench.arms=spark,quiver-lz4,quiver-zstd,quiver-none} (the ratio needs the spark arm first)
 * and {@code -Dbench.compress=true,false} choose what runs.
 */
public final class ExchangeBenchmarkMain {
  private ExchangeBenchmarkMain() {}

  public static void main(String[] args) throws Exception {
    Path parquet = Path.of(args.length > 0 ? args[0] : "/work/bench-data/spark/lineitem.parquet");
    int partitions = args.length > 1 ? Integer.parseInt(args[1]) : 16;
    String[] keys = (args.length > 2 ? args[2] : "l_orderkey").split(",");
    int runs = args.length > 3 ? Integer.parseInt(args[3]) : 3;
    List<String> arms = List
        .of(System.getProperty("bench.arms", "spark,quiver-lz4,quiver-zstd,quiver-none").split(","));
    for (String compressSetting : System.getProperty("bench.compress", "true,false").split(",")) {
      boolean compress = Boolean.parseBoolean(compressSetting);
      SparkSession spark = SparkSession.builder().master("local[2]").appName("quiver-exchange-benchmark")
          .config("spark.driver.host", "127.0.0.1").config("spark.ui.enabled", "false")
          .config("spark.sql.shuffle.partitions", String.valueOf(partitions))
          .config("spark.shuffle.compress", String.valueOf(compress)).getOrCreate();
      try {
        if (!Files.exists(parquet)) {
          generate(spark, parquet, Long.getLong("bench.rows", 200_000));
        }
        AtomicLong shuffleBytes = new AtomicLong();
        spark.sparkContext().addSparkListener(new SparkListener() {
          @Override
          public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
            if (taskEnd.taskMetrics() != null) {
              shuffleBytes.addAndGet(taskEnd.taskMetrics().shuffleWriteMetrics().bytesWritten());
            }
          }
        });
        Dataset<Row> data = spark.read().parquet(parquet.toString());
        if (compress) {
          System.out.println("input " + parquet + ": " + data.count() + " rows, " + data.schema().simpleString()
              + "; " + partitions + " partitions by " + String.join(",", keys) + ", " + runs + " runs");
        }
        long sparkBytes = 0;
        for (String arm : arms) {
          long[] times = new long[runs];
          long bytes = 0;
          for (int run = -1; run < runs; run++) {
            Dataset<Row> exchanged = exchange(arm, data, partitions, keys);
            spark.sparkContext().listenerBus().waitUntilEmpty();
            shuffleBytes.set(0);
            long started = System.nanoTime();
            long rows = ((org.apache.spark.sql.classic.Dataset<Row>) exchanged).queryExecution().toRdd().count();
            long elapsed = System.nanoTime() - started;
            spark.sparkContext().listenerBus().waitUntilEmpty();
            if (run >= 0) {
              times[run] = elapsed;
              bytes = shuffleBytes.get();
            } else if (rows <= 0) {
              throw new IllegalStateException(arm + " returned " + rows + " rows");
            }
          }
          if (arm.equals("spark")) {
            sparkBytes = bytes;
          }
          Arrays.sort(times);
          System.out.printf("compress=%s %-12s median %6d ms  shuffle bytes %,14d  %.3fx spark%n", compress, arm,
              times[runs / 2] / 1_000_000, bytes, sparkBytes == 0 ? Double.NaN : (double) bytes / sparkBytes);
        }
      } finally {
        spark.stop();
      }
    }
  }

  private static Dataset<Row> exchange(String arm, Dataset<Row> data, int partitions, String[] keys) {
    if (arm.equals("spark")) {
      return data.repartition(partitions, Arrays.stream(keys).map(functions::col).toArray(Column[]::new));
    }
    String codec = arm.substring("quiver-".length());
    return QuiverExchange.repartition(data, partitions, ExchangeOptions.defaults().withCodec(codec), keys);
  }

  /** A lineitem-shaped table of synthetic rows (TPC-H's column names and types; not TPC-H's values). */
  private static void generate(SparkSession spark, Path parquet, long rows) {
    System.out.println("generating " + rows + " synthetic lineitem rows at " + parquet);
    List<String> columns = new ArrayList<>(List.of(
        "id div 4 + 1 as l_orderkey",
        "cast(pmod(hash(id, 1), 200000) + 1 as long) as l_partkey",
        "cast(pmod(hash(id, 2), 10000) + 1 as long) as l_suppkey",
        "cast(pmod(id, 4) + 1 as int) as l_linenumber",
        "cast(pmod(hash(id, 3), 50) + 1 as decimal(15,2)) as l_quantity",
        "cast(pmod(hash(id, 4), 10000000) / 100.0 as decimal(15,2)) as l_extendedprice",
        "cast(pmod(hash(id, 5), 11) / 100.0 as decimal(15,2)) as l_discount",
        "cast(pmod(hash(id, 6), 9) / 100.0 as decimal(15,2)) as l_tax",
        "element_at(array('A', 'N', 'R'), cast(pmod(hash(id, 7), 3) + 1 as int)) as l_returnflag",
        "element_at(array('F', 'O'), cast(pmod(hash(id, 8), 2) + 1 as int)) as l_linestatus",
        "date_add(date'1992-01-01', pmod(hash(id, 9), 2500)) as l_shipdate",
        "date_add(date'1992-01-01', pmod(hash(id, 10), 2500)) as l_commitdate",
        "date_add(date'1992-01-01', pmod(hash(id, 11), 2500)) as l_receiptdate",
        "element_at(array('DELIVER IN PERSON', 'COLLECT COD', 'NONE', 'TAKE BACK RETURN'),"
            + " cast(pmod(hash(id, 12), 4) + 1 as int)) as l_shipinstruct",
        "element_at(array('AIR', 'FOB', 'MAIL', 'RAIL', 'REG AIR', 'SHIP', 'TRUCK'),"
            + " cast(pmod(hash(id, 13), 7) + 1 as int)) as l_shipmode",
        "substr(sha2(cast(id as string), 256), 1, 10 + pmod(hash(id, 14), 33)) as l_comment"));
    spark.range(rows).selectExpr(columns.toArray(String[]::new)).write().parquet(parquet.toString());
  }
}
