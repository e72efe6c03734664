package dev.quiver.shuffle.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.partition.Partitioning;
import dev.quiver.shuffle.testing.ShuffleFiles;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingMixedRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The in-process exchange: results in partition order, failures clean up, close removes everything. */
class LocalExchangeTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path temporary;

  private LocalExchange open(ShuffleWriterOptions writer) throws IOException {
    return LocalExchange.create(LocalExchange.Options.defaults().withThreads(2).withTemporaryRoot(temporary)
        .withWriter(writer), memory.allocator());
  }

  /** A map task writing TestingMixedRows ids {@code [first, first + rows)} in batches of 1000. */
  private LocalExchange.MapTask rows(long first, int rows) {
    TestingMixedRows generator = new TestingMixedRows(1);
    return writer -> {
      for (long id = first; id < first + rows; id += 1000) {
        try (
            VectorSchemaRoot batch = generator.batch(id, (int) Math.min(1000, first + rows - id), memory.allocator())) {
          writer.write(batch);
        }
      }
    };
  }

  private static List<Long> ids(ShuffleReader reader) throws IOException {
    List<Long> ids = new ArrayList<>();
    for (DecodedBatch next = reader.next(); next != null; next = reader.next()) {
      try (DecodedBatch batch = next) {
        BigIntVector id = (BigIntVector) batch.root().getVector("id");
        for (int r = 0; r < batch.rowCount(); r++) {
          ids.add(id.get(r));
        }
      }
    }
    return ids;
  }

  @Test
  void rangePartitionsComeBackInPartitionOrder() throws IOException {
    try (LocalExchange exchange = open(ShuffleWriterOptions.defaults())) {
      List<List<Long>> partitions = exchange.exchange(TestingMixedRows.schema(),
          Partitioning.range("id", List.of(999L, 4999L, 5000L)),
          List.of(rows(0, 3000), rows(3000, 4000)), LocalExchangeTest::ids);
      assertThat(partitions).hasSize(4);
      assertThat(partitions.get(0)).hasSize(1000).allMatch(id -> id <= 999);
      assertThat(partitions.get(1)).hasSize(4000).allMatch(id -> id > 999 && id <= 4999);
      assertThat(partitions.get(2)).containsExactly(5000L);
      assertThat(partitions.get(3)).hasSize(1999).allMatch(id -> id > 5000);
      // Map task 0's rows come before map task 1's within a partition.
      assertThat(partitions.get(1)).isSorted();
      assertThat(ShuffleFiles.fileNames(exchange.directory())).isEmpty();
      assertThat(exchange.writerMetrics().get("rows")).isEqualTo(7000);
      assertThat(exchange.readerMetrics().get("rows.read")).isEqualTo(7000);
    }
  }

  @Test
  void aMapTaskThatFailsMidwayLeavesNoFileAndFailsTheExchange() throws IOException {
    CountDownLatch othersWrote = new CountDownLatch(1);
    LocalExchange.MapTask failing = writer -> {
      rows(100_000, 20_000).run(writer);
      assertThat(writer.metrics().get("spills")).as("a spill file exists before the failure").isPositive();
      othersWrote.await(10, TimeUnit.SECONDS);
      throw new IllegalStateException("input went away");
    };
    LocalExchange.MapTask healthy = writer -> {
      rows(0, 5000).run(writer);
      othersWrote.countDown();
    };
    Path directory;
    try (LocalExchange exchange = open(ShuffleWriterOptions.defaults().withMemoryLimit(1 << 20).withChecksums(true))) {
      directory = exchange.directory();
      assertThatThrownBy(() -> exchange.exchange(TestingMixedRows.schema(), Partitioning.hash(16, "k_int"),
          List.of(healthy, failing, healthy), reader -> {
            throw new AssertionError("no reduce task may run");
          }))
          .isInstanceOf(QuiverException.class)
          .hasMessage("map task 1 failed: IllegalStateException: input went away")
          .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.INTERNAL));
      assertThat(ShuffleFiles.fileNames(directory)).as("nothing left of the failed exchange").isEmpty();
      // The exchange stays usable after a failure.
      List<Integer> counts = exchange.exchange(TestingMixedRows.schema(), Partitioning.single(), List.of(rows(0, 10)),
          reader -> ids(reader).size());
      assertThat(counts).containsExactly(10);
    }
    assertThat(Files.exists(directory)).isFalse();
  }

  @Test
  void aReduceTaskThatFailsStopsTheOthersAndCleansUp() throws IOException {
    try (LocalExchange exchange = open(ShuffleWriterOptions.defaults())) {
      assertThatThrownBy(() -> exchange.exchange(TestingMixedRows.schema(), Partitioning.roundRobin(8),
          List.of(rows(0, 4000)), reader -> {
            List<Long> ids = ids(reader);
            if (reader.partition() == 3) {
              throw new IOException("disk full");
            }
            return ids;
          }))
          .isInstanceOf(IOException.class)
          .hasMessage("disk full");
      assertThat(ShuffleFiles.fileNames(exchange.directory())).isEmpty();
    }
  }

  @Test
  void aClosedExchangeRefusesWork() throws IOException {
    LocalExchange exchange = open(ShuffleWriterOptions.defaults());
    exchange.close();
    assertThat(Files.exists(exchange.directory())).isFalse();
    assertThatThrownBy(
        () -> exchange.exchange(TestingMixedRows.schema(), Partitioning.single(), List.of(), reader -> 0))
        .isInstanceOf(QuiverException.class).hasMessageContaining("closed");
  }
}
