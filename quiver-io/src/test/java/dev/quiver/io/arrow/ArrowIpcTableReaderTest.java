package dev.quiver.io.arrow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ArrowIpcTableReader}: batches the caller owns (valid after the next batch and after the
 * reader closes), duplicate column names refused, and one clear line for a file that is not Arrow
 * or is cut short, never the library's "missing Magic number [55, -84, ...]".
 */
class ArrowIpcTableReaderTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void batchesBelongToTheCallerAndOutliveTheReader() throws IOException {
    Path file = writeFile("numbers.arrow", new Schema(List.of(Field.nullable("n", new ArrowType.Int(64, true)))), 2);
    VectorSchemaRoot first;
    VectorSchemaRoot second;
    try (ArrowIpcTableReader reader = ArrowIpcTableReader.openFile(file, memory.allocator())) {
      first = reader.next();
      second = reader.next();
      assertThat(reader.next()).isNull();
    }
    try (first; second) {
      assertThat(((BigIntVector) first.getVector("n")).get(1)).isEqualTo(1L);
      assertThat(((BigIntVector) second.getVector("n")).get(1)).isEqualTo(101L);
    }
  }

  @Test
  void aSchemaWithANameTwiceIsAUserErrorNamingTheColumn() throws IOException {
    Schema twice = new Schema(List.of(Field.nullable("a", new ArrowType.Int(64, true)),
        Field.nullable("a", new ArrowType.Int(64, true))));
    Path file = writeFile("twice.arrow", twice, 1);
    try (ArrowIpcTableReader reader = ArrowIpcTableReader.openFile(file, memory.allocator())) {
      assertThatThrownBy(reader::next)
          .isInstanceOf(QuiverException.class)
          .hasMessage(file + ": duplicate column name 'a' (columns 1 and 2); every column needs its own name")
          .extracting(failure -> ((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER);
    }
  }

  @Test
  void garbageAndCutShortFilesAreOneClearLine() throws IOException {
    Path garbage = directory.resolve("garbage.arrow");
    Files.write(garbage, new byte[] {55, -84, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20});
    assertThatThrownBy(() -> ArrowIpcTableReader.openFile(garbage, memory.allocator()))
        .isInstanceOf(QuiverException.class)
        .hasMessage(garbage + ": not an Arrow IPC file: it does not start with ARROW1");
    Path whole = writeFile("whole.arrow", new Schema(List.of(Field.nullable("n", new ArrowType.Int(64, true)))), 2);
    byte[] bytes = Files.readAllBytes(whole);
    Path cut = directory.resolve("cut.arrow");
    Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
    assertThatThrownBy(() -> ArrowIpcTableReader.openFile(cut, memory.allocator()))
        .isInstanceOf(QuiverException.class)
        .hasMessage(
            cut + ": an Arrow IPC file cut short: it does not end with ARROW1 (" + bytes.length / 2 + " bytes)");
  }

  /** An Arrow IPC file of {@code batches} batches of 2 rows: {@code 100 * batch + row} in every column. */
  private Path writeFile(String name, Schema schema, int batches) throws IOException {
    Path file = directory.resolve(name);
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ArrowFileWriter writer = new ArrowFileWriter(root, null, channel)) {
      writer.start();
      for (int batch = 0; batch < batches; batch++) {
        root.allocateNew();
        for (FieldVector vector : root.getFieldVectors()) {
          ((BigIntVector) vector).setSafe(0, 100L * batch);
          ((BigIntVector) vector).setSafe(1, 100L * batch + 1);
        }
        root.setRowCount(2);
        writer.writeBatch();
      }
      writer.end();
    }
    return file;
  }
}
