package dev.quiver.shuffle.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.testing.LeakCheckingAllocator;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.partition.Partitioning;
import dev.quiver.shuffle.partition.SparkHash;
import dev.quiver.shuffle.testing.MixedRows;
import dev.quiver.shuffle.testing.ReferenceSparkHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeEach;
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

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path temporary;
  long seed;

  @BeforeEach
  void chooseSeed() {
    seed = Long.getLong("quiver.exchange.seed", System.nanoTime());
    System.out.println(getClass().getSimpleName() + " seed " + seed + " (replay with -Dquiver.exchange.seed=" + seed + ")");
  }

  /** What one run delivered: each partition's row ids in arrival order, and the run's counters. */
  record Run(long[][] idsByPartition, WriterMetrics writer, ReaderMetrics reader) {}

  @Test
  void everyRowArrivesOnceInItsSparkPartitionWithItsValues() throws IOException {
    Run run = exchange(ShuffleWriterOptions.defaults());
    assertEveryRowOnce(run);
    assertThat(run.writer().rows.get()).isEqualTo(ROWS);
    assertThat(run.reader().rowsRead.get()).isEqualTo(ROWS);
    assertThat(run.writer().spills.get()).isZero();
    // 250,000 rows per map task over 200 partitions: about 1,250 rows each, one block per partition and map task.
    assertThat(run.writer().blocksWritten.get()).isEqualTo((long) MAP_TASKS * PARTITIONS);
    assertThat(run.reader().blocksRead.get()).isEqualTo(run.writer().blocksWritten.get());
    assertThat(run.reader().bytesRead.get()).isEqualTo(run.writer().bytesWritten.get());
  }

  @Test
  void aMemoryLimitThatForcesManySpillsGivesIdenticalOutput() throws IOException {
    Run plain = exchange(ShuffleWriterOptions.defaults());
    Run spilled = exchange(ShuffleWriterOptions.defaults().withMemoryLimit(4L << 20));
    assertThat(spilled.writer().spills.get()).as("spills").isGreaterThanOrEqualTo(20);
    assertThat(spilled.writer().spillBytes.get()).isPositive();
    assertEveryRowOnce(spilled);
    for (int p = 0; p < PARTITIONS; p++) {
      assertThat(spilled.idsByPartition()[p]).as("partition %d, rows in order", p).isEqualTo(plain.idsByPartition()[p]);
    }
  }

  private Run exchange(ShuffleWriterOptions writerOptions) throws IOException {
    MixedRows rows = new MixedRows(seed);
    LocalExchange.Options options = LocalExchange.Options.defaults().withThreads(2).withTemporaryRoot(temporary)
        .withWriter(writerOptions);
    List<LocalExchange.MapTask> maps = new ArrayList<>();
    for (int m = 0; m < MAP_TASKS; m++) {
      long first = (long) m * (ROWS / MAP_TASKS);
      maps.add(writer -> {
        for (long id = first; id < first + ROWS / MAP_TASKS; id += BATCH_ROWS) {
          int count = (int) Math.min(BATCH_ROWS, first + ROWS / MAP_TASKS - id);
          try (VectorSchemaRoot batch = rows.batch(id, count, memory.allocator())) {
            writer.write(batch);
          }
        }
      });
    }
    try (LocalExchange exchange = LocalExchange.create(options, memory.allocator())) {
      List<long[]> ids = exchange.exchange(MixedRows.schema(), Partitioning.hash(PARTITIONS, MixedRows.HASH_KEYS), maps,
          reader -> checkedIds(reader, rows));
      try (Stream<Path> left = Files.list(exchange.directory())) {
        assertThat(left).as("files left after the exchange").isEmpty();
      }
      return new Run(ids.toArray(new long[0][]), exchange.writerMetrics(), exchange.readerMetrics());
    }
  }

  /** Reads a partition, checking each row's partition and values; returns its ids in order. */
  private static long[] checkedIds(ShuffleReader reader, MixedRows rows) throws IOException {
    long[] ids = new long[64];
    int count = 0;
    for (DecodedBatch next = reader.next(); next != null; next = reader.next()) {
      try (DecodedBatch batch = next) {
        VectorSchemaRoot root = batch.root();
        for (int r = 0; r < root.getRowCount(); r++) {
          List<Object> values = MixedRows.read(root, r);
          int expected = SparkHash.partition(ReferenceSparkHash.hash(values.get(1), values.get(2), values.get(3)), PARTITIONS);
          if (expected != reader.partition()) {
            assertThat(reader.partition()).as("partition of row id %s", values.get(0)).isEqualTo(expected);
          }
          String difference = rows.difference(root, r);
          if (difference != null) {
            assertThat(difference).as("values").isNull();
          }
          if (count == ids.length) {
            ids = Arrays.copyOf(ids, count * 2);
          }
          ids[count++] = (Long) values.get(0);
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
