package dev.quiver.shuffle.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.QuiverException;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.partition.Partitioning;
import dev.quiver.shuffle.testing.ShuffleFiles;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingMixedRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The reduce side on its own: every codec, read-ahead with tiny and large buffers, decode-ahead, early close. */
class ShuffleReaderTest {
  static final int PARTITIONS = 5;
  static final int ROWS_PER_MAP = 20_000;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  /** Three map outputs of TestingMixedRows hash-partitioned into 5, ids {@code [m * 20000, (m + 1) * 20000)}. */
  static List<MapOutput> mapOutputs(Path directory, CompressionCodec codec, boolean checksums,
      org.apache.arrow.memory.BufferAllocator allocator) throws IOException {
    return mapOutputs(directory, codec, checksums, ROWS_PER_MAP, allocator);
  }

  /** Three map outputs of TestingMixedRows hash-partitioned into 5, ids {@code [m * rowsPerMap, (m + 1) * rowsPerMap)}. */
  static List<MapOutput> mapOutputs(Path directory, CompressionCodec codec, boolean checksums, int rowsPerMap,
      org.apache.arrow.memory.BufferAllocator allocator) throws IOException {
    TestingMixedRows rows = new TestingMixedRows(11);
    List<MapOutput> outputs = new ArrayList<>();
    ShuffleWriterOptions options = ShuffleWriterOptions.defaults().withCodec(codec).withTargetBatchRows(1000)
        .withChecksums(checksums);
    for (int m = 0; m < 3; m++) {
      MapOutput target = MapOutput.named(directory, "map-" + m, checksums, PARTITIONS);
      try (ShuffleWriter writer = ShuffleWriter.create(target, TestingMixedRows.schema(),
          Partitioning.hash(PARTITIONS, TestingMixedRows.HASH_KEYS).newPartitioner(TestingMixedRows.schema(), m),
          options,
          allocator)) {
        for (int first = m * rowsPerMap; first < (m + 1) * rowsPerMap; first += 5000) {
          try (VectorSchemaRoot batch = rows.batch(first, Math.min(5000, (m + 1) * rowsPerMap - first), allocator)) {
            writer.write(batch);
          }
        }
        outputs.add(writer.commit());
      }
    }
    return outputs;
  }

  /** The ids of a partition as the plain file walk reads them: map output order, then block order. */
  private List<Long> expectedIds(List<MapOutput> outputs, int partition) throws IOException {
    List<Long> ids = new ArrayList<>();
    for (MapOutput output : outputs) {
      long[] index = ShuffleFiles.longs(output.indexFile());
      ShuffleFiles.forEachBatch(output.dataFile(), index[partition], index[partition + 1], memory.allocator(),
          batch -> ids.addAll(ids(batch)));
    }
    return ids;
  }

  private static List<Long> ids(VectorSchemaRoot batch) {
    List<Long> ids = new ArrayList<>();
    for (int r = 0; r < batch.getRowCount(); r++) {
      ids.add(((BigIntVector) batch.getVector(0)).get(r));
    }
    return ids;
  }

  @ParameterizedTest(name = "{0}, {1} buffers of {2} bytes, validate {3}, decode-ahead {4}")
  @CsvSource({
      "LZ4, 3, 1048576, false, false",
      "ZSTD, 2, 64, true, false",
      "SNAPPY, 4, 100000, true, true",
      "NONE, 2, 64, false, true",
      "NONE, 3, 1048576, true, false"})
  void readsEveryPartitionOfEveryMapOutputInOrder(CompressionCodec codec, int buffers, int bufferBytes,
      boolean validate, boolean decodeAhead) throws IOException {
    List<MapOutput> outputs = mapOutputs(directory, codec, true, memory.allocator());
    ShuffleReaderOptions options = ShuffleReaderOptions.defaults().withReadBuffers(buffers, bufferBytes)
        .withValidation(validate).withDecodeAhead(decodeAhead);
    MetricsSnapshot metrics = null;
    long total = 0;
    for (int p = 0; p < PARTITIONS; p++) {
      List<Long> ids = new ArrayList<>();
      try (ShuffleReader reader = ShuffleReader.open(outputs, p, options, memory.allocator())) {
        for (DecodedBatch next = reader.next(); next != null; next = reader.next()) {
          try (DecodedBatch batch = next) {
            ids.addAll(ids(batch.root()));
          }
        }
        assertThat(reader.next()).isNull();
        metrics = metrics == null ? reader.metrics() : metrics.plus(reader.metrics());
      }
      assertThat(ids).as("partition %d", p).isEqualTo(expectedIds(outputs, p));
      total += ids.size();
    }
    assertThat(total).isEqualTo(3L * ROWS_PER_MAP);
    assertThat(metrics.get("rows.read")).isEqualTo(total);
    assertThat(metrics.get("decoder.rows.decoded")).isEqualTo(total);
    assertThat(metrics.get("checksums.verified")).isEqualTo(3L * PARTITIONS);
    assertThat(metrics.get("map.outputs.read")).isEqualTo(3L * PARTITIONS);
    long fileBytes = 0;
    for (MapOutput output : outputs) {
      fileBytes += java.nio.file.Files.size(output.dataFile());
    }
    assertThat(metrics.get("bytes.read")).as("bytes read (a cut-off block is read again)")
        .isGreaterThanOrEqualTo(fileBytes);
    if (bufferBytes == 64) {
      assertThat(metrics.get("bytes.read")).as("every block is larger than 64 bytes: each is read twice")
          .isGreaterThan(fileBytes);
    }
  }

  @Test
  void readBufferSizesAreBoundedBeforeAnyIsAllocated() {
    for (int bytes : new int[] {63, (1 << 30) + 1, Integer.MAX_VALUE}) {
      assertThatThrownBy(() -> ShuffleReaderOptions.defaults().withReadBuffers(2, bytes))
          .isInstanceOf(QuiverException.class)
          .hasMessage("a read buffer must have 64 bytes to 1 GiB, not " + bytes);
    }
    assertThat(ShuffleReaderOptions.defaults().withReadBuffers(2, 1 << 30).readBufferBytes()).isEqualTo(1 << 30);
  }

  @Test
  void closingEarlyStopsTheThreadsAndFreesEverything() throws IOException {
    List<MapOutput> outputs = mapOutputs(directory, CompressionCodec.LZ4, false, memory.allocator());
    for (boolean decodeAhead : new boolean[] {false, true}) {
      ShuffleReaderOptions options = ShuffleReaderOptions.defaults().withReadBuffers(2, 4096)
          .withDecodeAhead(decodeAhead);
      try (ShuffleReader reader = ShuffleReader.open(outputs, 2, options, memory.allocator())) {
        reader.next().close();
        assertThat(memory.allocator().getAllocatedMemory()).isPositive();
      }
      assertThat(memory.allocator().getAllocatedMemory()).isZero();
    }
  }

  @Test
  void anEmptyPartitionReadsNothing() throws IOException {
    List<MapOutput> outputs = new ArrayList<>();
    for (int m = 0; m < 2; m++) {
      MapOutput target = MapOutput.named(directory, "map-" + m, false, 1);
      try (ShuffleWriter writer = ShuffleWriter.create(target, TestingMixedRows.schema(),
          Partitioning.single().newPartitioner(TestingMixedRows.schema(), m), ShuffleWriterOptions.defaults(),
          memory.allocator())) {
        outputs.add(writer.commit());
      }
    }
    try (ShuffleReader reader = ShuffleReader.open(outputs, 0, ShuffleReaderOptions.defaults(), memory.allocator())) {
      assertThat(reader.next()).isNull();
      assertThat(reader.metrics().get("map.outputs.read")).isZero();
    }
  }
}
