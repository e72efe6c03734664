package dev.quiver.shuffle.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.partition.Partitioning;
import dev.quiver.shuffle.partition.SparkHash;
import dev.quiver.shuffle.testing.ReferenceSparkHash;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingMixedRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A million random rows of mixed types (nulls, NaN, -0.0, extreme decimals, unicode) hash-partitioned
 * on three columns into 200 partitions by 4 map tasks through the {@link LocalExchange}: every row
 * arrives exactly once, in the partition an independent implementation of Spark's hash names, with
 * every value intact; and with a memory limit that forces many spills the output is identical.
 */
class MillionRowExchangeTest {
  static final int ROWS = 1_000_000;
  static final int MAP_TASKS = 4;
  static final int PARTITIONS = 200;
  static final int BATCH_ROWS = 8192;

  /** One seed for the class, so the spilling run can be compared with the plain one computed once. */
  static final long SEED = Long.getLong("quiver.exchange.seed", System.nanoTime());
  /** The plain run, shared by both tests (it holds no Arrow memory). */
  private static Run plainRun;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path temporary;

  @BeforeAll
  static void printSeed() {
    System.out.println("MillionRowExchangeTest seed " + SEED + " (replay with -Dquiver.exchange.seed=" + SEED + ")");
  }

  private Run plain() throws IOException {
    if (plainRun == null) {
      plainRun = exchange(ShuffleWriterOptions.defaults());
      System.out.println("plain run: " + plainRun.writer() + "; " + plainRun.reader());
    }
    return plainRun;
  }

  /** What one run delivered: each partition's row ids in arrival order, and the run's counters. */
  record Run(long[][] idsByPartition, MetricsSnapshot writer, MetricsSnapshot reader) {}

  @Test
  void everyRowArrivesOnceInItsSparkPartitionWithItsValues() throws IOException {
    Run run = plain();
    assertEveryRowOnce(run);
    assertThat(run.writer().get("rows")).isEqualTo(ROWS);
    assertThat(run.reader().get("rows.read")).isEqualTo(ROWS);
    assertThat(run.writer().get("spills")).isZero();
    // 250,000 rows per map task over 200 partitions: about 1,250 rows each, one block per partition and map task.
    assertThat(run.writer().get("blocks.written")).isEqualTo((long) MAP_TASKS * PARTITIONS);
    assertThat(run.reader().get("blocks.read")).isEqualTo(run.writer().get("blocks.written"));
    assertThat(run.reader().get("bytes.read")).isEqualTo(run.writer().get("bytes.written"));
  }

  @Test
  void aMemoryLimitThatForcesManySpillsGivesIdenticalOutput() throws IOException {
    Run plain = plain();
    Run spilled = exchange(ShuffleWriterOptions.defaults().withMemoryLimit(4L << 20));
    System.out.println("spilling run: " + spilled.writer());
    assertThat(spilled.writer().get("spills")).as("spills").isGreaterThanOrEqualTo(20);
    assertThat(spilled.writer().get("bytes.spilled")).isPositive();
    assertEveryRowOnce(spilled);
    for (int p = 0; p < PARTITIONS; p++) {
      assertThat(spilled.idsByPartition()[p]).as("partition %d, rows in order", p).isEqualTo(plain.idsByPartition()[p]);
    }
  }

  private Run exchange(ShuffleWriterOptions writerOptions) throws IOException {
    TestingMixedRows rows = new TestingMixedRows(SEED);
    long[] fingerprints = new long[ROWS];
    LocalExchange.Options options = LocalExchange.Options.defaults().withThreads(2).withTemporaryRoot(temporary)
        .withWriter(writerOptions);
    List<LocalExchange.MapTask> maps = new ArrayList<>();
    for (int m = 0; m < MAP_TASKS; m++) {
      long first = (long) m * (ROWS / MAP_TASKS);
      maps.add(writer -> {
        for (long id = first; id < first + ROWS / MAP_TASKS; id += BATCH_ROWS) {
          int count = (int) Math.min(BATCH_ROWS, first + ROWS / MAP_TASKS - id);
          try (VectorSchemaRoot batch = rows.batch(id, count, memory.allocator())) {
            for (int r = 0; r < count; r++) {
              fingerprints[(int) id + r] = TestingMixedRows.fingerprint(batch, r);
            }
            writer.write(batch);
          }
        }
      });
    }
    try (LocalExchange exchange = LocalExchange.create(options, memory.allocator())) {
      List<long[]> ids = exchange.exchange(TestingMixedRows.schema(),
          Partitioning.hash(PARTITIONS, TestingMixedRows.HASH_KEYS), maps,
          reader -> checkedIds(reader, fingerprints));
      try (Stream<Path> left = Files.list(exchange.directory())) {
        assertThat(left).as("files left after the exchange").isEmpty();
      }
      return new Run(ids.toArray(new long[0][]), exchange.writerMetrics(), exchange.readerMetrics());
    }
  }

  /**
   * Reads a partition, checking each row's partition (an independent implementation of Spark's hash
   * of its keys) and its values (the fingerprint it was written with); returns its ids in order.
   */
  private static long[] checkedIds(ShuffleReader reader, long[] fingerprints) throws IOException {
    long[] ids = new long[64];
    int count = 0;
    for (DecodedBatch next = reader.next(); next != null; next = reader.next()) {
      try (DecodedBatch batch = next) {
        VectorSchemaRoot root = batch.root();
        BigIntVector id = (BigIntVector) root.getVector("id");
        IntVector keyInt = (IntVector) root.getVector("k_int");
        VarCharVector keyString = (VarCharVector) root.getVector("k_string");
        DecimalVector keyDecimal = (DecimalVector) root.getVector("k_decimal");
        for (int r = 0; r < root.getRowCount(); r++) {
          long rowId = id.get(r);
          int hash = ReferenceSparkHash.hash(keyInt.isNull(r) ? null : keyInt.get(r),
              keyString.isNull(r) ? null : keyString.get(r), keyDecimal.isNull(r) ? null : keyDecimal.getObject(r));
          if (SparkHash.partition(hash, PARTITIONS) != reader.partition()) {
            assertThat(reader.partition()).as("partition of row id %d", rowId)
                .isEqualTo(SparkHash.partition(hash, PARTITIONS));
          }
          if (rowId < 0 || rowId >= ROWS || TestingMixedRows.fingerprint(root, r) != fingerprints[(int) rowId]) {
            assertThat(rowId).as("row id %d arrived with other values than it was written with", rowId).isNegative();
          }
          if (count == ids.length) {
            ids = Arrays.copyOf(ids, count * 2);
          }
          ids[count++] = rowId;
        }
      }
    }
    return Arrays.copyOf(ids, count);
  }

  private static void assertEveryRowOnce(Run run) {
    BitSet seen = new BitSet(ROWS);
    long total = 0;
    for (long[] ids : run.idsByPartition()) {
      for (long id : ids) {
        assertThat(id).isBetween(0L, ROWS - 1L);
        if (seen.get((int) id)) {
          assertThat(id).as("row id arrived twice").isNegative();
        }
        seen.set((int) id);
        total++;
      }
    }
    assertThat(total).isEqualTo(ROWS);
    assertThat(seen.cardinality()).isEqualTo(ROWS);
  }
}
