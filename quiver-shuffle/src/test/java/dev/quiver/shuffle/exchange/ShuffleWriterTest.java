package dev.quiver.shuffle.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.io.TemporaryFiles;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.partition.Partitioning;
import dev.quiver.shuffle.testing.ShuffleFiles;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingMixedRows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The map side on its own: block targets, the files' layout, verbatim spills, checksums, clean failure. */
class ShuffleWriterTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  static final Schema SIMPLE = new Schema(List.of(
      Field.notNullable("id", new ArrowType.Int(64, true)), Field.nullable("text", ArrowType.Utf8.INSTANCE)));

  /** Rows {@code [first, first + rows)}: id, and a text of {@code textLength} characters. */
  private VectorSchemaRoot simple(long first, int rows, int textLength) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SIMPLE, memory.allocator());
    root.allocateNew();
    for (int r = 0; r < rows; r++) {
      ((BigIntVector) root.getVector(0)).setSafe(r, first + r);
      String text = String.valueOf((first + r) % 10).repeat(textLength);
      ((VarCharVector) root.getVector(1)).setSafe(r, text.getBytes(StandardCharsets.UTF_8));
    }
    root.setRowCount(rows);
    return root;
  }

  private MapOutput target(String name, boolean checksums, int partitions) {
    return MapOutput.named(directory, name, checksums, partitions);
  }

  @Test
  void aKilledWritersTemporaryFilesAreRemovedByTheNextWriteOfThatOutput() throws IOException {
    MapOutput output = target("stale", true, 1);
    // what a map task killed mid-write leaves: temporary files named for a process that is gone
    long deadPid = ProcessHandle.current().pid() + 1_000_000_000L;
    List<Path> leftovers = new ArrayList<>();
    for (Path file : List.of(output.dataFile(), output.indexFile(), output.checksumFile())) {
      Path leftover = file.resolveSibling("." + file.getFileName() + TemporaryFiles.MARK + deadPid
          + "-abc");
      Files.write(leftover, new byte[] {1, 2, 3});
      leftovers.add(leftover);
    }
    try (ShuffleWriter writer = ShuffleWriter.create(output, SIMPLE, Partitioning.single().newPartitioner(SIMPLE, 0),
        ShuffleWriterOptions.defaults().withChecksums(true), memory.allocator())) {
      try (VectorSchemaRoot batch = simple(0, 10, 3)) {
        writer.write(batch);
      }
      writer.commit();
    }
    for (Path leftover : leftovers) {
      assertThat(leftover).doesNotExist();
    }
    try (var names = Files.list(directory)) {
      assertThat(names.map(path -> path.getFileName().toString()))
          .as("only the committed files remain").allMatch(name -> !name.contains(TemporaryFiles.MARK));
    }
    assertThat(ShuffleFiles.longs(output.indexFile())).hasSize(2);
  }

  @Test
  void aPartitionBecomesABlockAtTheTargetRowCount() throws IOException {
    ShuffleWriterOptions options = ShuffleWriterOptions.defaults().withTargetBatchRows(1000);
    MapOutput output = target("rows", false, 1);
    try (ShuffleWriter writer = ShuffleWriter.create(output, SIMPLE, Partitioning.single().newPartitioner(SIMPLE, 0),
        options, memory.allocator())) {
      for (int first = 0; first < 10_500; first += 700) {
        try (VectorSchemaRoot batch = simple(first, Math.min(700, 10_500 - first), 3)) {
          writer.write(batch);
        }
      }
      writer.commit();
      assertThat(writer.metrics().get("blocks.written")).isEqualTo(11);
    }
    long[] index = ShuffleFiles.longs(output.indexFile());
    assertThat(ShuffleFiles.blockRows(output.dataFile(), index[0], index[1], memory.allocator()))
        .containsExactly(1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 500);
    List<Long> ids = new ArrayList<>();
    ShuffleFiles.forEachBatch(output.dataFile(), 0, index[1], memory.allocator(), batch -> {
      for (int r = 0; r < batch.getRowCount(); r++) {
        ids.add(((BigIntVector) batch.getVector(0)).get(r));
      }
    });
    assertThat(ids).hasSize(10_500).isSorted();
  }

  @Test
  void aPartitionBecomesABlockAtTheTargetByteSize() throws IOException {
    // A row is estimated at 2 validity bits (1 byte), 8 id bytes, a 4-byte offset and 100 text bytes:
    // 113 bytes, so 10,000 bytes are reached at row 89.
    ShuffleWriterOptions options = ShuffleWriterOptions.defaults().withTargetBatchBytes(10_000);
    MapOutput output = target("bytes", false, 1);
    try (ShuffleWriter writer = ShuffleWriter.create(output, SIMPLE, Partitioning.single().newPartitioner(SIMPLE, 0),
        options, memory.allocator());
        VectorSchemaRoot batch = simple(0, 1000, 100)) {
      writer.write(batch);
      writer.commit();
    }
    long[] index = ShuffleFiles.longs(output.indexFile());
    List<Integer> rows = ShuffleFiles.blockRows(output.dataFile(), index[0], index[1], memory.allocator());
    assertThat(rows).hasSize(12);
    assertThat(rows.subList(0, 11)).containsOnly(89);
    assertThat(rows.get(11)).isEqualTo(1000 - 11 * 89);
  }

  @Test
  void theIndexHoldsPPlusOneBigEndianOffsetsAndEachRangeHoldsItsPartitionsRows() throws IOException {
    int partitions = 7;
    MapOutput output = target("layout", false, partitions);
    Partitioning partitioning = Partitioning.hash(partitions, "id");
    try (ShuffleWriter writer = ShuffleWriter.create(output, SIMPLE, partitioning.newPartitioner(SIMPLE, 0),
        ShuffleWriterOptions.defaults().withTargetBatchRows(50), memory.allocator())) {
      for (int first = 0; first < 2000; first += 500) {
        try (VectorSchemaRoot batch = simple(first, 500, 5)) {
          writer.write(batch);
        }
      }
      assertThat(writer.commit()).isEqualTo(output);
      assertThat(writer.metrics().get("bytes.written")).isEqualTo(Files.size(output.dataFile()));
    }
    long[] index = ShuffleFiles.longs(output.indexFile());
    assertThat(Files.size(output.indexFile())).isEqualTo((partitions + 1) * 8L);
    assertThat(index[0]).isZero();
    assertThat(index[partitions]).isEqualTo(Files.size(output.dataFile()));
    long rows = 0;
    for (int p = 0; p < partitions; p++) {
      assertThat(index[p + 1]).isGreaterThanOrEqualTo(index[p]);
      int partition = p;
      List<Long> ids = new ArrayList<>();
      ShuffleFiles.forEachBatch(output.dataFile(), index[p], index[p + 1], memory.allocator(), batch -> {
        int[] ids32 = new int[batch.getRowCount()];
        partitioning.newPartitioner(SIMPLE, 0).partition(batch, ids32);
        for (int r = 0; r < batch.getRowCount(); r++) {
          assertThat(ids32[r]).isEqualTo(partition);
          ids.add(((BigIntVector) batch.getVector(0)).get(r));
        }
      });
      assertThat(ids).as("partition %d keeps the order rows were written in", p).isSorted();
      rows += ids.size();
    }
    assertThat(rows).isEqualTo(2000);
    assertThat(ShuffleFiles.fileNames(directory)).containsExactly("layout.data", "layout.index");
  }

  @Test
  void spillsAreCopiedVerbatimSoTheFilesAreByteIdentical() throws IOException {
    int partitions = 20;
    TestingMixedRows rows = new TestingMixedRows(42);
    ShuffleWriterOptions base = ShuffleWriterOptions.defaults().withTargetBatchRows(64)
        .withCodec(CompressionCodec.ZSTD);
    MapOutput plain = write(target("plain", false, partitions), base, rows, partitions);
    // Buffered rows stay far below half the limit; the encoded blocks pass it again and again.
    ShuffleWriterOptions tight = base.withMemoryLimit(1L << 20);
    List<MetricsSnapshot> metrics = new ArrayList<>();
    MapOutput spilled = write(target("spilled", false, partitions), tight, rows, partitions, metrics);
    System.out.println("spilling writer: " + metrics.get(0));
    assertThat(metrics.get(0).get("spills")).as("spills").isGreaterThanOrEqualTo(3);
    assertThat(metrics.get(0).get("flushes.forced")).isZero();
    assertThat(Files.readAllBytes(spilled.dataFile())).isEqualTo(Files.readAllBytes(plain.dataFile()));
    assertThat(Files.readAllBytes(spilled.indexFile())).isEqualTo(Files.readAllBytes(plain.indexFile()));
  }

  /**
   * A commit that need not outlive the process (a query's own exchange) forces nothing to disk but writes the same
   * bytes under the same names, with no temporary file left; the default commit is durable.
   */
  @Test
  void aCommitThatNeedNotBeDurableWritesTheSameFiles() throws IOException {
    int partitions = 5;
    TestingMixedRows rows = new TestingMixedRows(7);
    ShuffleWriterOptions durable = ShuffleWriterOptions.defaults().withTargetBatchRows(512);
    assertThat(durable.durable()).isTrue();
    MapOutput forced = write(target("forced", true, partitions), durable.withChecksums(true), rows, partitions);
    MapOutput loose = write(target("loose", true, partitions), durable.withChecksums(true).withDurable(false), rows,
        partitions);
    assertThat(Files.readAllBytes(loose.dataFile())).isEqualTo(Files.readAllBytes(forced.dataFile()));
    assertThat(Files.readAllBytes(loose.indexFile())).isEqualTo(Files.readAllBytes(forced.indexFile()));
    assertThat(Files.readAllBytes(loose.checksumFile())).isEqualTo(Files.readAllBytes(forced.checksumFile()));
    try (var files = Files.list(loose.dataFile().getParent())) {
      assertThat(files.map(path -> path.getFileName().toString()).filter(name -> name.startsWith("loose")))
          .containsExactlyInAnyOrder(loose.dataFile().getFileName().toString(),
              loose.indexFile().getFileName().toString(), loose.checksumFile().getFileName().toString());
    }
  }

  private MapOutput write(MapOutput output, ShuffleWriterOptions options, TestingMixedRows rows, int partitions)
      throws IOException {
    return write(output, options, rows, partitions, new ArrayList<>());
  }

  private MapOutput write(MapOutput output, ShuffleWriterOptions options, TestingMixedRows rows, int partitions,
      List<MetricsSnapshot> metrics) throws IOException {
    try (ShuffleWriter writer = ShuffleWriter.create(output, TestingMixedRows.schema(),
        Partitioning.hash(partitions, TestingMixedRows.HASH_KEYS).newPartitioner(TestingMixedRows.schema(), 0), options,
        memory.allocator())) {
      for (int first = 0; first < 60_000; first += 4096) {
        try (VectorSchemaRoot batch = rows.batch(first, Math.min(4096, 60_000 - first), memory.allocator())) {
          writer.write(batch);
        }
      }
      MapOutput committed = writer.commit();
      metrics.add(writer.metrics());
      return committed;
    }
  }

  @Test
  void theChecksumFileHoldsEachPartitionsCrc32c() throws IOException {
    int partitions = 9;
    MapOutput output = write(target("sums", true, partitions), ShuffleWriterOptions.defaults().withChecksums(true)
        .withMemoryLimit(1L << 20), new TestingMixedRows(7), partitions);
    long[] index = ShuffleFiles.longs(output.indexFile());
    long[] checksums = ShuffleFiles.longs(output.checksumFile());
    byte[] data = Files.readAllBytes(output.dataFile());
    assertThat(checksums).hasSize(partitions);
    for (int p = 0; p < partitions; p++) {
      CRC32C crc = new CRC32C();
      crc.update(data, (int) index[p], (int) (index[p + 1] - index[p]));
      assertThat(checksums[p]).as("partition %d", p).isEqualTo(crc.getValue());
    }
  }

  @Test
  void aMapTaskThatFailsMidwayLeavesNoFileAtAll() throws IOException {
    MapOutput output = target("failed", true, 20);
    ShuffleWriterOptions options = ShuffleWriterOptions.defaults().withChecksums(true).withMemoryLimit(1L << 20);
    TestingMixedRows rows = new TestingMixedRows(3);
    assertThatThrownBy(() -> {
      try (ShuffleWriter writer = ShuffleWriter.create(output, TestingMixedRows.schema(),
          Partitioning.hash(20, "id").newPartitioner(TestingMixedRows.schema(), 0), options, memory.allocator())) {
        for (int first = 0;; first += 4096) {
          try (VectorSchemaRoot batch = rows.batch(first, 4096, memory.allocator())) {
            writer.write(batch);
          }
          if (writer.metrics().get("spills") >= 2) {
            assertThat(ShuffleFiles.fileNames(directory)).as("the spill file exists while the task runs").hasSize(1);
            throw new IllegalStateException("the map task's input failed");
          }
        }
      }
    }).hasMessage("the map task's input failed");
    assertThat(ShuffleFiles.fileNames(directory)).isEmpty();
  }

  @Test
  void aPartitionCountOverTheLimitIsRefusedBeforeAnyStateIsMade() throws IOException {
    MapOutput output = target("huge", false, 0);
    dev.quiver.shuffle.partition.Partitioner huge = new dev.quiver.shuffle.partition.Partitioner() {
      @Override
      public int partitionCount() {
        return Integer.MAX_VALUE;
      }

      @Override
      public void partition(VectorSchemaRoot batch, int[] partitionIds) {
        throw new AssertionError("never called");
      }
    };
    assertThatThrownBy(
        () -> ShuffleWriter.create(output, SIMPLE, huge, ShuffleWriterOptions.defaults(), memory.allocator()))
        .isInstanceOfSatisfying(QuiverException.class,
            failure -> assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER))
        .hasMessageContaining("at most 16777216").hasMessageContaining("not 2147483647");
    assertThat(ShuffleFiles.fileNames(directory)).isEmpty();
    assertThat(memory.allocator().getAllocatedMemory()).isZero();
  }

  @Test
  void theTargetBatchRowsAreBounded() {
    assertThat(ShuffleWriterOptions.defaults().withTargetBatchRows(1 << 20).targetBatchRows()).isEqualTo(1 << 20);
    assertThatThrownBy(() -> ShuffleWriterOptions.defaults().withTargetBatchRows(Integer.MAX_VALUE))
        .isInstanceOf(QuiverException.class)
        .hasMessage("the target batch size must be at most 1048576 rows, not 2147483647");
  }

  @Test
  void theBookkeepingOfEveryPartitionMustFitTheFreeHeap() {
    ShuffleWriter.reserveHeap(1000, 1000 * ShuffleWriter.HEAP_BYTES_PER_PARTITION);
    assertThatThrownBy(() -> ShuffleWriter.reserveHeap(1 << 24, 1L << 30))
        .isInstanceOfSatisfying(QuiverException.class,
            failure -> assertThat(failure.errorCode()).isEqualTo(ErrorCode.RESOURCE))
        .hasMessage("16777216 partitions need about " + (16777216L * ShuffleWriter.HEAP_BYTES_PER_PARTITION)
            + " bytes of Java heap for the shuffle writer's bookkeeping, but only 1073741824 are free: use fewer"
            + " partitions or a larger heap (-Xmx)");
  }

  @Test
  void theMinimumMemoryIsEachPartitionsFirstBuffersAndBookkeeping() {
    ShuffleWriterOptions options = ShuffleWriterOptions.defaults();
    long one = ShuffleWriter.minimumMemory(SIMPLE, 1, options, memory.allocator());
    assertThat(one).isGreaterThan(ShuffleWriter.HEAP_BYTES_PER_PARTITION);
    assertThat(ShuffleWriter.minimumMemory(SIMPLE, 1000, options, memory.allocator())).isEqualTo(1000 * one);
    assertThat(ShuffleWriter.minimumMemory(SIMPLE, 1, options.withTargetBatchRows(1), memory.allocator()))
        .as("a block of one row needs buffers for one row").isLessThan(one);
    assertThat(memory.allocator().getAllocatedMemory()).as("measured, then freed").isZero();
  }

  @Test
  void aFailedWriteRefusesToCommitAndCleansUp() throws IOException {
    MapOutput output = target("nospill", false, 4);
    ShuffleWriterOptions options = ShuffleWriterOptions.defaults().withMemoryLimit(1)
        .withSpillDirectory(directory.resolve("missing"));
    try (
        ShuffleWriter writer = ShuffleWriter.create(output, SIMPLE,
            Partitioning.roundRobin(4).newPartitioner(SIMPLE, 0),
            options, memory.allocator());
        VectorSchemaRoot batch = simple(0, 100, 10)) {
      assertThatThrownBy(() -> writer.write(batch)).isInstanceOf(IOException.class);
      assertThatThrownBy(writer::commit).isInstanceOf(QuiverException.class).hasMessageContaining("failed earlier");
    }
    assertThat(ShuffleFiles.fileNames(directory)).isEmpty();
  }

  @Test
  void emptyBatchesWriteNothingAndEmptyPartitionsHaveEqualOffsets() throws IOException {
    MapOutput output = target("empty", false, 3);
    try (
        ShuffleWriter writer = ShuffleWriter.create(output, SIMPLE,
            Partitioning.roundRobin(3).newPartitioner(SIMPLE, 0),
            ShuffleWriterOptions.defaults(), memory.allocator());
        VectorSchemaRoot none = simple(0, 0, 1)) {
      writer.write(none);
      writer.commit();
      assertThat(writer.metrics().get("blocks.written")).isZero();
    }
    assertThat(ShuffleFiles.longs(output.indexFile())).containsExactly(0, 0, 0, 0);
    assertThat(Files.size(output.dataFile())).isZero();
  }

  @Test
  void wrongInputIsAUserError() throws IOException {
    MapOutput output = target("wrong", false, 2);
    try (
        ShuffleWriter writer = ShuffleWriter.create(output, SIMPLE,
            Partitioning.roundRobin(2).newPartitioner(SIMPLE, 0),
            ShuffleWriterOptions.defaults(), memory.allocator());
        VectorSchemaRoot other = VectorSchemaRoot.create(
            new Schema(List.of(Field.nullable("x", new ArrowType.Int(32, true)))),
            memory.allocator())) {
      assertThatThrownBy(() -> writer.write(other)).isInstanceOf(QuiverException.class)
          .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER))
          .hasMessageContaining("differs from the shuffle writer's");
    }
    Schema dictionary = new Schema(List.of(new Field("city",
        new FieldType(true, new ArrowType.Int(32, true), new DictionaryEncoding(1, false, null)), null)));
    assertThatThrownBy(
        () -> ShuffleWriter.create(output, dictionary, Partitioning.single().newPartitioner(dictionary, 0),
            ShuffleWriterOptions.defaults(), memory.allocator()))
        .isInstanceOf(QuiverException.class).hasMessageContaining("column city is dictionary-encoded");
    assertThat(ShuffleFiles.fileNames(directory)).isEmpty();
  }

  @Test
  void roundRobinDealsRowsInTurnFromTheMapTasksOwnStart() throws IOException {
    int partitions = 3;
    MapOutput output = target("dealt", false, partitions);
    Schema schema = new Schema(List.of(Field.notNullable("n", new ArrowType.Int(32, true))));
    try (
        ShuffleWriter writer = ShuffleWriter.create(output, schema,
            Partitioning.roundRobin(partitions).newPartitioner(schema, 4),
            ShuffleWriterOptions.defaults(), memory.allocator());
        VectorSchemaRoot batch = VectorSchemaRoot.create(schema, memory.allocator())) {
      batch.allocateNew();
      for (int r = 0; r < 8; r++) {
        ((IntVector) batch.getVector(0)).setSafe(r, r);
      }
      batch.setRowCount(8);
      writer.write(batch);
      writer.commit();
    }
    long[] index = ShuffleFiles.longs(output.indexFile());
    List<List<Integer>> byPartition = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      List<Integer> values = new ArrayList<>();
      ShuffleFiles.forEachBatch(output.dataFile(), index[p], index[p + 1], memory.allocator(), root -> {
        for (int r = 0; r < root.getRowCount(); r++) {
          values.add(((IntVector) root.getVector(0)).get(r));
        }
      });
      byPartition.add(values);
    }
    // Map task 4 starts at partition 4 mod 3 = 1.
    assertThat(byPartition).containsExactly(List.of(2, 5), List.of(0, 3, 6), List.of(1, 4, 7));
  }
}
