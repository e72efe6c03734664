package dev.quiver.format.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.format.layout.ChunkedLayout;
import dev.quiver.format.layout.ZonedLayout;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QuiverFileRoundTripTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private static final long SEED = 20261130;

  /** Writes {@code rows} rows in batches of {@code batchRows}, small chunks so boundaries are many. */
  private Path write(long rows, int batchRows, QuiverWriter.Options options) throws IOException {
    Path file = directory.resolve("table.qvr");
    try (QuiverWriter writer = QuiverWriter.create(file, TestingTables.schema(), memory.allocator(), options)) {
      for (long first = 0; first < rows; first += batchRows) {
        int count = (int) Math.min(batchRows, rows - first);
        try (VectorSchemaRoot batch = TestingTables.batch(memory.allocator(), first, count, SEED, 10)) {
          writer.write(batch);
        }
      }
    }
    return file;
  }

  private void verify(Path file, long rows) throws IOException {
    try (QuiverFile opened = QuiverFile.open(file)) {
      assertThat(opened.rowCount()).isEqualTo(rows);
      assertThat(opened.schema()).isEqualTo(TestingTables.schema());
      int step = (int) Math.max(1, Math.min(rows, 3000));
      for (long first = 0; first < rows; first += step) {
        int count = (int) Math.min(step, rows - first);
        try (VectorSchemaRoot expected = TestingTables.batch(memory.allocator(), first, count, SEED, 10)) {
          for (int c = 0; c < expected.getFieldVectors().size(); c++) {
            try (FieldVector actual = opened.read(c, first, count, memory.allocator())) {
              assertThat(TestingTables.difference(expected.getVector(c), actual, first)).isNull();
            }
          }
        }
      }
    }
  }

  @ParameterizedTest(name = "{0} rows")
  @ValueSource(longs = {0, 1, 8191, 8192, 8193, 20_000})
  void roundTripsAtManyShapes(long rows) throws IOException {
    System.out.println("seed " + SEED);
    Path file = write(rows, 777, QuiverWriter.Options.defaults().withChunkBytes(16 * 1024));
    verify(file, rows);
    try (QuiverFile opened = QuiverFile.open(file)) {
      for (int c = 0; c < opened.schema().getFields().size(); c++) {
        ZonedLayout zoned = (ZonedLayout) opened.layout().children().get(c);
        assertThat(zoned.zones().zones()).hasSize((int) ((rows + 8191) / 8192));
        assertThat(((ChunkedLayout) zoned.data()).rowCount()).isEqualTo(rows);
      }
    }
  }

  @Test
  void chunkBoundariesPlusAndMinusOne() throws IOException {
    // 8192-row chunks of int8 need 8192 * 1.125 bytes; batches end one row before, at and after them
    for (int batchRows : new int[] {8191, 8192, 8193}) {
      Path file = write(3L * batchRows, batchRows, QuiverWriter.Options.defaults().withChunkBytes(9216));
      verify(file, 3L * batchRows);
      Files.delete(file);
    }
  }

  @Test
  void zoneStatisticsMatchTheData() throws IOException {
    long rows = 20_000;
    Path file = write(rows, 5000, QuiverWriter.Options.defaults());
    try (QuiverFile opened = QuiverFile.open(file)) {
      int sorted = opened.columnIndex("sorted");
      ZonedLayout zoned = (ZonedLayout) opened.layout().children().get(sorted);
      for (int z = 0; z < zoned.zones().zones().size(); z++) {
        ZoneStatistics zone = zoned.zones().zones().get(z);
        long start = z * 8192L;
        long count = Math.min(8192, rows - start);
        try (FieldVector values = opened.read(sorted, start, count, memory.allocator())) {
          long nulls = 0;
          long minimum = Long.MAX_VALUE;
          long maximum = Long.MIN_VALUE;
          long sum = 0;
          for (int i = 0; i < values.getValueCount(); i++) {
            if (values.isNull(i)) {
              nulls++;
            } else {
              long value = ((org.apache.arrow.vector.BigIntVector) values).get(i);
              minimum = Math.min(minimum, value);
              maximum = Math.max(maximum, value);
              sum += value;
            }
          }
          assertThat(zone.rowCount()).isEqualTo(count);
          assertThat(zone.nullCount()).isEqualTo(nulls);
          assertThat(zone.minimum()).isEqualTo(minimum);
          assertThat(zone.maximum()).isEqualTo(maximum);
          assertThat(zone.sum()).isEqualTo(sum);
        }
      }
      ZoneStatistics whole = opened.statistics().get(opened.columnIndex("float32"));
      assertThat(whole.containsNaN()).isTrue();
      assertThat(whole.rowCount()).isEqualTo(rows);
    }
  }

  @Test
  void aFileCutShortByACrashIsNeverVisible() throws IOException {
    Path file = directory.resolve("crash.qvr");
    QuiverWriter writer = QuiverWriter.create(file, TestingTables.schema(), memory.allocator(),
        QuiverWriter.Options.defaults().withChunkBytes(4096));
    try (VectorSchemaRoot batch = TestingTables.batch(memory.allocator(), 0, 5000, SEED, 10)) {
      writer.write(batch);
    }
    assertThat(file).doesNotExist();
    try (Stream<Path> files = Files.list(directory)) {
      assertThat(files.map(path -> path.getFileName().toString())).singleElement().asString()
          .startsWith(".crash.qvr.quiver-tmp-" + ProcessHandle.current().pid() + "-");
    }
    writer.abort();
    try (Stream<Path> files = Files.list(directory)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void tenMillionRows() throws IOException {
    Path file = directory.resolve("big.qvr");
    org.apache.arrow.vector.types.pojo.Schema schema = new org.apache.arrow.vector.types.pojo.Schema(java.util.List.of(
        org.apache.arrow.vector.types.pojo.Field.nullable("id",
            new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true))));
    long rows = 10_000_000;
    int batchRows = 1 << 16;
    try (QuiverWriter writer = QuiverWriter.create(file, schema, memory.allocator())) {
      for (long first = 0; first < rows; first += batchRows) {
        int count = (int) Math.min(batchRows, rows - first);
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(schema, memory.allocator())) {
          org.apache.arrow.vector.BigIntVector ids = (org.apache.arrow.vector.BigIntVector) batch.getVector(0);
          ids.allocateNew(count);
          for (int i = 0; i < count; i++) {
            ids.set(i, first + i);
          }
          batch.setRowCount(count);
          writer.write(batch);
        }
      }
    }
    try (QuiverFile opened = QuiverFile.open(file)) {
      assertThat(opened.rowCount()).isEqualTo(rows);
      assertThat(opened.statistics().get(0).maximum()).isEqualTo(rows - 1);
      assertThat(opened.statistics().get(0).sum()).isEqualTo(rows * (rows - 1) / 2);
      assertThat(opened.chunks(0).size()).isGreaterThan(1);
      for (long start : new long[] {0, 4_999_999, rows - 10}) {
        try (FieldVector values = opened.read(0, start, 10, memory.allocator())) {
          for (int i = 0; i < 10; i++) {
            assertThat(((org.apache.arrow.vector.BigIntVector) values).get(i)).isEqualTo(start + i);
          }
        }
      }
      assertThat(Files.size(file)).as("a sorted column compresses far below 8 bytes a row").isLessThan(rows * 4);
    }
  }
}
