package dev.quiver.io.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.QuiverException;
import dev.quiver.io.TableReader;
import dev.quiver.io.TableWriter;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening tables by path and format: every format written and read back through the interfaces,
 * a writer closed without a commit leaves nothing, a folder is called a folder.
 */
class TableFormatTest {
  private static final Schema SCHEMA = new Schema(List.of(Field.nullable("n", new ArrowType.Int(64, true))));

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void everyFormatReadsBackWhatItWrote() throws IOException {
    for (TableFormat format : TableFormat.values()) {
      Path path = directory.resolve("table." + format.extensions().get(0));
      try (TableWriter writer = TableFormat.forOutput(path).openWriter(path, SCHEMA, memory.allocator(),
          WriteOptions.defaults())) {
        assertThat(writer.schema()).isEqualTo(SCHEMA);
        for (int batch = 0; batch < 3; batch++) {
          try (VectorSchemaRoot root = batch(batch * 10L, 5)) {
            writer.write(root);
          }
        }
        writer.commit();
      }
      assertThat(TableFormat.detect(path)).as(path.toString()).isEqualTo(format);
      long sum = 0;
      long rows = 0;
      try (TableReader reader = format.openReader(path, memory.allocator(), ReadOptions.defaults().withBatchRows(4))) {
        assertThat(reader.schema().getFields()).extracting(Field::getName).containsExactly("n");
        for (VectorSchemaRoot root = reader.next(); root != null; root = reader.next()) {
          try (VectorSchemaRoot batch = root) {
            for (int row = 0; row < batch.getRowCount(); row++) {
              sum += ((BigIntVector) batch.getVector("n")).get(row);
            }
            rows += batch.getRowCount();
          }
        }
        assertThat(reader.bytesRead()).as(format + " bytes read").isPositive();
      }
      assertThat(rows).as(format.displayName()).isEqualTo(15);
      assertThat(sum).as(format.displayName()).isEqualTo(3 * (0 + 1 + 2 + 3 + 4) + 5 * (10 + 20));
    }
  }

  @Test
  void aWriterClosedWithoutACommitLeavesNothingAndKeepsTheOldFile() throws IOException {
    for (TableFormat format : TableFormat.values()) {
      Path path = directory.resolve("kept." + format.extensions().get(0));
      Files.writeString(path, "the old file");
      try (TableWriter writer = format.openWriter(path, SCHEMA, memory.allocator(), WriteOptions.defaults());
          VectorSchemaRoot root = batch(0, 100)) {
        writer.write(root);
      }
      assertThat(Files.readString(path)).as(format.displayName()).isEqualTo("the old file");
      try (var files = Files.list(directory)) {
        assertThat(files.map(file -> file.getFileName().toString())).as(format.displayName())
            .containsExactly(path.getFileName().toString());
      }
      Files.delete(path);
    }
  }

  @Test
  void aFolderIsCalledAFolder() throws IOException {
    Path folder = Files.createDirectory(directory.resolve("tables.csv"));
    assertThatThrownBy(() -> TableFormat.detect(folder))
        .isInstanceOf(QuiverException.class).hasMessage(folder + " is a folder, not a file");
    assertThatThrownBy(() -> TableFormat.CSV.openWriter(folder, SCHEMA, memory.allocator(), WriteOptions.defaults()))
        .isInstanceOf(QuiverException.class).hasMessage(folder + " is a folder; give an output file name");
    assertThatThrownBy(() -> TableFormat.detect(directory.resolve("missing.csv")))
        .isInstanceOf(QuiverException.class).hasMessage("no such file: " + directory.resolve("missing.csv"));
  }

  private VectorSchemaRoot batch(long first, int rows) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator());
    BigIntVector values = (BigIntVector) root.getVector("n");
    for (int row = 0; row < rows; row++) {
      values.setSafe(row, first + row);
    }
    root.setRowCount(rows);
    return root;
  }
}
