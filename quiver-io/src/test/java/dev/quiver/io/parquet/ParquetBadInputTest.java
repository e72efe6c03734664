package dev.quiver.io.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet tables: a schema with a column name twice is refused on both sides (the writer before it
 * writes anything, the reader naming the file), and a file that is not Parquet or is cut short is one
 * clear line, never parquet-java's "LocalInputFile@6b26e945 is not a Parquet file".
 */
class ParquetBadInputTest {
  private static final Schema TWO_COLUMNS_NAMED_A = new Schema(List.of(
      Field.nullable("a", new ArrowType.Int(64, true)), Field.nullable("a", new ArrowType.Int(64, true))));

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void writingAColumnNameTwiceIsRefusedAndLeavesNothing() throws IOException {
    Path target = directory.resolve("twice.parquet");
    assertThatThrownBy(
        () -> ParquetTableWriter.create(target, TWO_COLUMNS_NAMED_A, ParquetArrowWriter.Options.defaults()))
        .isInstanceOf(QuiverException.class)
        .hasMessage(target + ": duplicate column name 'a' (columns 1 and 2); every column needs its own name");
    try (var files = Files.list(directory)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void readingAFileWithAColumnNameTwiceIsAUserErrorNamingTheFile() throws IOException {
    MessageType twice = Types.buildMessage()
        .optional(PrimitiveTypeName.INT64).named("a")
        .optional(PrimitiveTypeName.INT64).named("a")
        .named("twice");
    Path path = directory.resolve("twice.parquet");
    try (
        ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(twice).build()) {
      writer.write(new SimpleGroupFactory(twice).newGroup());
    }
    assertThatThrownBy(() -> ParquetArrowReader.open(path, memory.allocator(), 100))
        .isInstanceOf(QuiverException.class)
        .hasMessage(path + ": duplicate column name 'a' (columns 1 and 2); every column needs its own name")
        .extracting(failure -> ((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER);
  }

  @Test
  void garbageAndCutShortFilesAreOneClearLine() throws IOException {
    Path garbage = directory.resolve("garbage.parquet");
    Files.write(garbage, new byte[] {55, -84, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13});
    assertThatThrownBy(() -> ParquetArrowReader.open(garbage, memory.allocator(), 100))
        .isInstanceOf(QuiverException.class)
        .hasMessage(garbage + ": not a Parquet file: it does not start with PAR1");
    Path whole = directory.resolve("whole.parquet");
    Schema one = new Schema(List.of(Field.nullable("n", new ArrowType.Int(64, true))));
    try (ParquetTableWriter writer = ParquetTableWriter.create(whole, one, ParquetArrowWriter.Options.defaults());
        VectorSchemaRoot batch = VectorSchemaRoot.create(one, memory.allocator())) {
      ((BigIntVector) batch.getVector("n")).setSafe(0, 42);
      batch.setRowCount(1);
      writer.write(batch);
      writer.commit();
    }
    byte[] bytes = Files.readAllBytes(whole);
    Path cut = directory.resolve("cut.parquet");
    Files.write(cut, Arrays.copyOf(bytes, bytes.length - 3));
    assertThatThrownBy(() -> ParquetArrowReader.open(cut, memory.allocator(), 100))
        .isInstanceOf(QuiverException.class)
        .hasMessage(cut + ": a Parquet file cut short: it does not end with PAR1 (" + (bytes.length - 3) + " bytes)");
    try (ParquetArrowReader reader = ParquetArrowReader.open(whole, memory.allocator(), 100);
        VectorSchemaRoot batch = reader.next()) {
      assertThat(((BigIntVector) batch.getVector("n")).get(0)).isEqualTo(42L);
    }
  }
}
