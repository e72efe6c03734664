package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.io.csv.CsvFormat;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RebatcherTest {
  static final Schema SCHEMA = new Schema(List.of(
      Field.nullable("n", new ArrowType.Int(64, true)), Field.nullable("s", ArrowType.Utf8.INSTANCE)));
  static final Schema OTHER = new Schema(List.of(Field.nullable("n", new ArrowType.Int(64, true))));

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  /** What the sink saw: each batch's rows as CSV text. */
  private final List<List<String>> seen = new ArrayList<>();

  private void capture(VectorSchemaRoot batch, Object dictionaries) {
    List<String> rows = new ArrayList<>();
    for (int row = 0; row < batch.getRowCount(); row++) {
      StringBuilder text = new StringBuilder();
      CsvFormat.appendRow(text, batch, row, null);
      rows.add(text.toString());
    }
    seen.add(rows);
  }

  private VectorSchemaRoot batch(Schema schema, int first, int count) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
    root.allocateNew();
    for (int i = 0; i < count; i++) {
      ((BigIntVector) root.getVector("n")).setSafe(i, first + i);
      if (root.getSchema().getFields().size() > 1) {
        if (i % 2 == 1) {
          root.getVector("s").setNull(i);
        } else {
          ((VarCharVector) root.getVector("s")).setSafe(i, ("v" + (first + i)).getBytes());
        }
      }
    }
    root.setRowCount(count);
    return root;
  }

  private void add(Rebatcher rebatcher, Schema schema, int first, int count) throws IOException {
    try (VectorSchemaRoot root = batch(schema, first, count)) {
      rebatcher.add(root, null);
    }
  }

  @Test
  void joinsShortBatchesAndSplitsLongOnesKeepingNulls() throws IOException {
    try (Rebatcher rebatcher = new Rebatcher(memory.allocator(), 4, this::capture)) {
      add(rebatcher, SCHEMA, 0, 3);
      add(rebatcher, SCHEMA, 3, 2);
      add(rebatcher, SCHEMA, 5, 0);
      add(rebatcher, SCHEMA, 5, 9);
      rebatcher.finish();
    }
    assertThat(seen).extracting(List::size).containsExactly(4, 4, 4, 2);
    assertThat(seen.get(0)).containsExactly("0,v0", "1,\\N", "2,v2", "3,v3");
    assertThat(seen.get(1)).containsExactly("4,\\N", "5,v5", "6,\\N", "7,v7");
    assertThat(seen.get(3)).containsExactly("12,\\N", "13,v13");
  }

  @Test
  void aSchemaChangeEndsThePendingBatch() throws IOException {
    try (Rebatcher rebatcher = new Rebatcher(memory.allocator(), 4, this::capture)) {
      add(rebatcher, SCHEMA, 0, 1);
      add(rebatcher, OTHER, 1, 2);
      add(rebatcher, OTHER, 3, 4);
      rebatcher.finish();
    }
    assertThat(seen).containsExactly(List.of("0,v0"), List.of("1", "2", "3", "4"), List.of("5", "6"));
  }

  @Test
  void closingWithoutFinishFreesThePendingRows() throws IOException {
    try (Rebatcher rebatcher = new Rebatcher(memory.allocator(), 100, this::capture)) {
      add(rebatcher, SCHEMA, 0, 5);
    }
    assertThat(seen).isEmpty();
  }
}
