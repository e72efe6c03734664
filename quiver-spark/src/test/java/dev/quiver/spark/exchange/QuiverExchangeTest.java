package dev.quiver.spark.exchange;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.spark_partition_id;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The exchange against Spark's own {@code repartition(n, cols)}: every row exactly once, each in the
 * partition Spark picks, for several partition counts and key sets; empty inputs and partitions;
 * blocks smaller than a map task's partition; the typed errors; and no Arrow memory left after any
 * job. Spark's default {@code spark.shuffle.compress=true} here.
 */
class QuiverExchangeTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final int ROWS = 3000;
  private static SparkSession spark;
  private static Path localDirectory;
  private static Dataset<Row> data;

  @BeforeAll
  static void startSpark() throws IOException {
    System.out.println("QuiverExchangeTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
    localDirectory = Files.createTempDirectory("quiver-exchange-test");
    spark = SparkSession.builder().master("local[2]").appName("quiver-exchange-test")
        .config("spark.driver.host", "127.0.0.1").config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4").config("spark.local.dir", localDirectory.toString())
        .getOrCreate();
    data = ExchangeTestRows.dataset(spark, SEED, ROWS, 3).cache();
    assertThat(data.count()).isEqualTo(ROWS);
  }

  @AfterAll
  static void stopSpark() throws IOException {
    if (spark != null) {
      spark.stop();
    }
    SparkShuffleFiles.deleteRecursively(localDirectory);
  }

  @AfterEach
  void noArrowMemoryLeft() {
    assertThat(TaskMemory.openAllocators()).as("task allocators still open").isZero();
    assertThat(TaskMemory.allocatedBytes()).as("exchange Arrow bytes still allocated").isZero();
    assertThat(TaskMemory.leaks()).as("task allocators closed with memory in them").isZero();
  }

  @Test
  void everyRowOnceInSparksPartition() {
    List<List<String>> keySets = List.of(List.of("i"), List.of("l", "day"), List.of("s"), List.of("x", "d", "w"));
    List<String> input = sortedRows(data);
    for (List<String> keys : keySets) {
      for (int partitions : new int[] {1, 3, 16}) {
        long tasksBefore = TaskMemory.openedAllocators();
        String where = partitions + " partitions by " + keys;
        Dataset<Row> exchanged = QuiverExchange.repartition(data, partitions, keys.toArray(String[]::new));
        assertThat(exchanged.rdd().getNumPartitions()).as(where).isEqualTo(partitions);
        Dataset<Row> withPartition = exchanged.withColumn("pid", spark_partition_id());
        List<Row> rows = withPartition.collectAsList();
        assertThat(sorted(rows.stream().map(row -> withoutLast(row)).toList())).as(where).isEqualTo(input);
        Map<Long, Integer> expected = sparkPartitions(data, partitions, keys);
        Map<Long, Integer> actual = new HashMap<>();
        for (Row row : rows) {
          actual.put(row.getLong(0), row.getInt(row.length() - 1));
        }
        assertThat(actual).as(where).isEqualTo(expected);
        assertThat(TaskMemory.openedAllocators()).as("the exchange's tasks used task memory")
            .isGreaterThan(tasksBefore);
        noArrowMemoryLeft();
      }
    }
  }

  @Test
  void emptyDatasetGivesEmptyPartitions() {
    Dataset<Row> empty = data.filter(col("id").lt(0));
    Dataset<Row> exchanged = QuiverExchange.repartition(empty, 5, "s");
    assertThat(exchanged.rdd().getNumPartitions()).isEqualTo(5);
    assertThat(exchanged.collectAsList()).isEmpty();
    assertThat(exchanged.schema()).isEqualTo(data.schema());
  }

  @Test
  void partitionsWithoutRowsStayEmptyWhereSparkLeavesThemEmpty() {
    // Three distinct keys (-1, 0, 1) and null over 16 partitions: most partitions receive no row.
    Dataset<Row> few = data.withColumn("i", col("i").mod(2));
    Dataset<Row> exchanged = QuiverExchange.repartition(few, 16, "i");
    Map<Long, Integer> actual = partitionsById(exchanged);
    Map<Long, Integer> expected = sparkPartitions(few, 16, List.of("i"));
    assertThat(actual).isEqualTo(expected);
    Set<Integer> used = new HashSet<>(actual.values());
    assertThat(used.size()).isBetween(1, 4);
    List<Integer> sizes = exchanged.javaRDD().glom().map(List::size).collect();
    assertThat(sizes).hasSize(16);
    assertThat(sizes.stream().filter(size -> size == 0).count()).isEqualTo(16 - used.size());
  }

  @Test
  void smallBlocksCarryTheSameRows() {
    ExchangeOptions options = ExchangeOptions.defaults().withRowsPerBlock(7).withCodec("lz4");
    Dataset<Row> exchanged = QuiverExchange.repartition(data, 3, options, "s", "i");
    assertThat(sortedRows(exchanged)).isEqualTo(sortedRows(data));
    assertThat(partitionsById(exchanged)).isEqualTo(sparkPartitions(data, 3, List.of("s", "i")));
  }

  @Test
  void everyCodecGivesTheSameRows() {
    List<String> input = sortedRows(data);
    for (String codec : new String[] {"none", "lz4", "zstd"}) {
      Dataset<Row> exchanged = QuiverExchange.repartition(data, 4, ExchangeOptions.defaults().withCodec(codec), "l");
      assertThat(sortedRows(exchanged)).as(codec).isEqualTo(input);
    }
  }

  @Test
  void aLimitStopsReadingEarlyWithoutLeaks() {
    Dataset<Row> exchanged = QuiverExchange.repartition(data, 2, ExchangeOptions.defaults().withRowsPerBlock(10), "i");
    assertThat(exchanged.limit(3).collectAsList()).hasSize(3);
  }

  @Test
  void sparkCompressesEachPartitionOfTheBlocksWithItsCodec() throws IOException {
    Set<Path> before = dataFiles();
    Dataset<Row> exchanged = QuiverExchange.repartition(data, 3, "i");
    assertThat(exchanged.count()).isEqualTo(ROWS);
    Set<Path> created = dataFiles();
    created.removeAll(before);
    assertThat(created).isNotEmpty();
    int segments = 0;
    for (Path dataFile : created) {
      long[] offsets = indexOf(dataFile);
      byte[] bytes = Files.readAllBytes(dataFile);
      for (int partition = 0; partition + 1 < offsets.length; partition++) {
        if (offsets[partition + 1] > offsets[partition]) {
          String magic = new String(bytes, (int) offsets[partition], 8, StandardCharsets.US_ASCII);
          assertThat(magic).as("partition %d of %s", partition, dataFile).isEqualTo("LZ4Block");
          segments++;
        }
      }
    }
    assertThat(segments).isGreaterThan(0);
  }

  @Test
  void badRequestsFailBeforeAnyTask() {
    assertUserError(() -> QuiverExchange.repartition(data, 0, "i"), "at least 1");
    assertUserError(() -> QuiverExchange.repartition(data, (1 << 24) + 1, "i"), "at most");
    assertUserError(() -> QuiverExchange.repartition(data, 4, "nope"), "no column nope");
    assertUserError(() -> QuiverExchange.repartition(data, 4), "at least one column");
    Dataset<Row> withArray = data.withColumn("list", org.apache.spark.sql.functions.array(col("i")));
    assertUserError(() -> QuiverExchange.repartition(withArray, 4, "i"), "list");
    assertUserError(() -> ExchangeOptions.defaults().withRowsPerBlock(0), "rows per block");
    assertUserError(() -> ExchangeOptions.defaults().withCodec("snappy"), "snappy");
    StructType mixedCase = new StructType().add("Key", DataTypes.IntegerType);
    Dataset<Row> upper = spark.createDataFrame(List.of(org.apache.spark.sql.RowFactory.create(1)), mixedCase);
    assertThat(QuiverExchange.repartition(upper, 2, "key").count()).isEqualTo(1);
  }

  private static void assertUserError(Runnable call, String messagePart) {
    assertThatThrownBy(call::run).isInstanceOfSatisfying(QuiverException.class,
        failure -> assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER)).hasMessageContaining(messagePart);
  }

  /** Row id to the partition Spark's own {@code repartition(n, keys)} puts the row in. */
  static Map<Long, Integer> sparkPartitions(Dataset<Row> rows, int partitions, List<String> keys) {
    Column[] columns = keys.stream().map(org.apache.spark.sql.functions::col).toArray(Column[]::new);
    return partitionsById(rows.repartition(partitions, columns));
  }

  static Map<Long, Integer> partitionsById(Dataset<Row> rows) {
    Map<Long, Integer> partitions = new HashMap<>();
    for (Row row : rows.select(col("id"), spark_partition_id()).collectAsList()) {
      Integer previous = partitions.put(row.getLong(0), row.getInt(1));
      assertThat(previous).as("row id %d twice", row.getLong(0)).isNull();
    }
    return partitions;
  }

  static List<String> sortedRows(Dataset<Row> rows) {
    return sorted(rows.collectAsList().stream().map(Row::toString).toList());
  }

  private static List<String> sorted(List<String> rows) {
    String[] sorted = rows.toArray(String[]::new);
    Arrays.sort(sorted);
    return List.of(sorted);
  }

  private static String withoutLast(Row row) {
    Object[] values = new Object[row.length() - 1];
    for (int i = 0; i < values.length; i++) {
      values[i] = row.get(i);
    }
    return org.apache.spark.sql.RowFactory.create(values).toString();
  }

  private static Set<Path> dataFiles() throws IOException {
    return new HashSet<>(SparkShuffleFiles.dataFiles(localDirectory));
  }

  /** The offsets of a data file's index (Spark's: P + 1 big-endian longs). */
  static long[] indexOf(Path dataFile) throws IOException {
    Path index = SparkShuffleFiles.indexOf(dataFile, localDirectory);
    try (InputStream in = Files.newInputStream(index)) {
      byte[] bytes = in.readAllBytes();
      java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(bytes);
      long[] offsets = new long[bytes.length / 8];
      for (int i = 0; i < offsets.length; i++) {
        offsets[i] = buffer.getLong();
      }
      return offsets;
    }
  }
}
