package dev.quiver.format.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.CorruptFileException;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.Layouts;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingTables;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link QuiverFile#takeSegment}: the rows it takes from every segment of every column of a written
 * file equal the decoded segment's rows at the same positions; a layout whose row count differs from
 * the segment's header is a {@link CorruptFileException} naming the column and segment.
 */
class TakeSegmentTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void takesEqualDecodedRowsAndLyingLayoutsAreCorrupt() throws IOException {
    System.out.println("TakeSegmentTest seed " + SEED + " (rerun with -Dquiver.test.seed=" + SEED + ")");
    Random random = new Random(SEED);
    Path file = directory.resolve("table.qvr");
    try (QuiverWriter writer = QuiverWriter.create(file, TestingTables.schema(), memory.allocator(),
        QuiverWriter.Options.defaults().withChunkBytes(16 * 1024));
        VectorSchemaRoot batch = TestingTables.batch(memory.allocator(), 0, 20_000, SEED, 10)) {
      writer.write(batch);
    }
    int checked = 0;
    try (QuiverFile opened = QuiverFile.open(file)) {
      for (int column = 0; column < opened.schema().getFields().size(); column++) {
        Field field = opened.schema().getFields().get(column);
        for (FlatLayout chunk : Layouts.flats(opened.layout().children().get(column))) {
          if (chunk.rowCount() == 0 || chunk.rowCount() > Integer.MAX_VALUE) {
            continue;
          }
          int rows = (int) chunk.rowCount();
          int[] positions = new int[Math.min(rows, 1 + random.nextInt(50))];
          for (int i = 0; i < positions.length; i++) {
            positions[i] = random.nextInt(rows);
          }
          java.util.Arrays.sort(positions);
          ArrowBuf bytes = opened.segments().read(List.of(chunk.segment()), memory.allocator()).get(0);
          try (bytes) {
            FieldVector decoded;
            try {
              decoded = opened.decodeSegment(bytes, field, field.getName(), chunk, memory.allocator());
            } catch (CorruptFileException notThisType) {
              continue; // a dict layout's codes or values: another field
            }
            try (decoded;
                FieldVector taken = opened.takeSegment(bytes, field, field.getName(), chunk, positions,
                    positions.length, memory.allocator())) {
              assertThat(taken.getValueCount()).isEqualTo(positions.length);
              for (int i = 0; i < positions.length; i++) {
                assertThat(taken.getObject(i)).as("%s row %d (seed %s)", field, positions[i], SEED)
                    .isEqualTo(decoded.getObject(positions[i]));
              }
            }
            FlatLayout lying = new FlatLayout(chunk.rowCount() + 1, chunk.segment(), chunk.uncompressedBytes());
            assertThatThrownBy(() -> opened.takeSegment(bytes, field, field.getName(), lying, positions,
                positions.length, memory.allocator()))
                .isInstanceOfSatisfying(CorruptFileException.class, failure -> {
                  assertThat(failure.column()).isEqualTo(field.getName());
                  assertThat(failure.segment()).isEqualTo(chunk.segment());
                });
            checked++;
          }
        }
      }
    }
    assertThat(checked).isGreaterThan(10);
  }
}
