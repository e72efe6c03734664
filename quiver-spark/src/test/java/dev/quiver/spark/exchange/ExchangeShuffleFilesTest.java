package dev.quiver.spark.exchange;

import static org.apache.spark.sql.functions.spark_partition_id;
import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.exchange.MapOutput;
import dev.quiver.shuffle.exchange.ShuffleReader;
import dev.quiver.shuffle.exchange.ShuffleReaderOptions;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * With {@code spark.shuffle.compress=false} the exchange's shuffle data files under
 * {@code spark.local.dir} are Quiver blocks back to back with Spark's index files: quiver-shuffle's
 * own {@link ShuffleReader} (what {@code quiver shuffle read} uses) decodes every partition of every
 * map output, and its rows are the rows the exchange returned for that partition. Blocks hold at most
 * the configured rows, so a map task's partition spans several blocks.
 */
class ExchangeShuffleFilesTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final int PARTITIONS = 5;
  private static final int ROWS_PER_BLOCK = 50;
  private static SparkSession spark;
  private static Path localDirectory;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @BeforeAll
  static void startSpark() throws IOException {
    System.out.println("ExchangeShuffleFilesTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
    localDirectory = Files.createTempDirectory("quiver-exchange-files");
    spark = SparkSession.builder().master("local[2]").appName("quiver-exchange-files")
        .config("spark.driver.host", "127.0.0.1").config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4").config("spark.local.dir", localDirectory.toString())
        .config("spark.shuffle.compress", "false").getOrCreate();
  }

  @AfterAll
  static void stopSpark() throws IOException {
    if (spark != null) {
      spark.stop();
    }
    SparkShuffleFiles.deleteRecursively(localDirectory);
  }

  @Test
  void shuffleFilesAreBlocksThatQuiverReads() throws IOException {
    Dataset<Row> data = ExchangeTestRows.dataset(spark, SEED, 2000, 3);
    // 5 partitions: Spark's bypass-merge-sort writer; 250 (over spark.shuffle.sort.bypassMergeThreshold,
    // 200): its serialized sort writer (the serializer allows relocation). Both must write whole blocks.
    String[] codecs = {"zstd", "none", "lz4", "zstd"};
    int[] partitionCounts = {PARTITIONS, PARTITIONS, PARTITIONS, 250};
    for (int arm = 0; arm < codecs.length; arm++) {
      String codec = codecs[arm];
      int partitions = partitionCounts[arm];
      Set<Path> before = new HashSet<>(SparkShuffleFiles.dataFiles(localDirectory));
      ExchangeOptions options = ExchangeOptions.defaults().withCodec(codec).withRowsPerBlock(ROWS_PER_BLOCK);
      List<Row> exchanged = QuiverExchange.repartition(data, partitions, options, "s", "i")
          .withColumn("pid", spark_partition_id()).collectAsList();
      List<List<String>> expected = new ArrayList<>();
      for (int partition = 0; partition < partitions; partition++) {
        expected.add(new ArrayList<>());
      }
      for (Row row : exchanged) {
        expected.get(row.getInt(row.length() - 1)).add(canonical(row, row.length() - 1));
      }

      List<Path> dataFiles = new ArrayList<>(SparkShuffleFiles.dataFiles(localDirectory));
      dataFiles.removeAll(before);
      assertThat(dataFiles).as(codec).hasSize(3);
      assertThat(dataFiles.stream().map(SparkShuffleFiles::shuffleId).distinct()).as("one shuffle").hasSize(1);
      List<MapOutput> outputs = new ArrayList<>();
      for (Path dataFile : dataFiles) {
        outputs.add(new MapOutput(dataFile, SparkShuffleFiles.indexOf(dataFile, localDirectory), null, partitions));
      }
      int blocks = 0;
      for (int partition = 0; partition < partitions; partition++) {
        List<String> read = new ArrayList<>();
        try (ShuffleReader reader = ShuffleReader.open(outputs, partition,
            ShuffleReaderOptions.defaults().withValidation(true), memory.allocator())) {
          while (true) {
            try (DecodedBatch batch = reader.next()) {
              if (batch == null) {
                break;
              }
              assertThat(batch.rowCount()).isBetween(1, ROWS_PER_BLOCK);
              read.addAll(canonical(batch.root()));
              blocks++;
            }
          }
        }
        assertThat(sorted(read)).as("%s partition %d", codec, partition).isEqualTo(sorted(expected.get(partition)));
      }
      assertThat(blocks).as("blocks of %d rows for 2000 rows", ROWS_PER_BLOCK)
          .isGreaterThanOrEqualTo(2000 / ROWS_PER_BLOCK);
      copyForTheCommandLine(outputs, codec + "-" + partitions);
    }
  }

  /**
   * With {@code -Dquiver.exchange.copyFilesTo=DIR}, copies the map outputs into {@code DIR/NAME/}
   * (Spark keeps a data file and its index in different folders; {@code quiver shuffle read} wants them
   * side by side), to try the command line on them.
   */
  private static void copyForTheCommandLine(List<MapOutput> outputs, String name) throws IOException {
    String target = System.getProperty("quiver.exchange.copyFilesTo");
    if (target == null) {
      return;
    }
    Path directory = Files.createDirectories(Path.of(target, name));
    for (MapOutput output : outputs) {
      Files.copy(output.dataFile(), directory.resolve(output.dataFile().getFileName()));
      Files.copy(output.indexFile(), directory.resolve(output.indexFile().getFileName()));
    }
  }

  /** A row's columns {@code [0, columns)} as text that a Spark row and a decoded Arrow row share. */
  private static String canonical(Row row, int columns) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < columns; i++) {
      Object value = row.get(i);
      if (value instanceof java.sql.Date date) {
        value = date.toLocalDate().toEpochDay();
      }
      text.append(canonical(value)).append('|');
    }
    return text.toString();
  }

  private static List<String> canonical(VectorSchemaRoot root) {
    List<String> rows = new ArrayList<>();
    for (int row = 0; row < root.getRowCount(); row++) {
      StringBuilder text = new StringBuilder();
      for (FieldVector vector : root.getFieldVectors()) {
        text.append(canonical(vector.getObject(row))).append('|');
      }
      rows.add(text.toString());
    }
    return rows;
  }

  private static String canonical(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    return value.toString();
  }

  private static List<String> sorted(List<String> rows) {
    return rows.stream().sorted().toList();
  }
}
