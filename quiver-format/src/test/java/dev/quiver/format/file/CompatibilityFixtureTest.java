package dev.quiver.format.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.testing.LeakCheckingAllocator;
import dev.quiver.format.testing.FormatTables;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Files written by format version 1.0 are committed under {@code src/test/resources/compatibility}
 * and must keep reading to the same values: a change that breaks old files fails here. The values
 * come from {@link FormatTables} with the fixture's seed, whose generator must therefore never
 * change (add new columns to a new fixture instead).
 *
 * <p>To write a new fixture after a deliberate format change (new version!), run with
 * {@code -Dquiver.fixture.write=DIR}.
 */
class CompatibilityFixtureTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final String FIXTURE = "v1.0-all-types.qvr";
  private static final long SEED = 1_000_000_007L;
  private static final int ROWS = 4_000;

  @Test
  void version10FileReadsToTheSameValues() throws IOException, URISyntaxException {
    String writeTo = System.getProperty("quiver.fixture.write");
    if (writeTo != null) {
      writeFixture(Path.of(writeTo).resolve(FIXTURE));
    }
    Path fixture = Path.of(CompatibilityFixtureTest.class.getResource("/compatibility/" + FIXTURE).toURI());
    try (QuiverFile file = QuiverFile.open(fixture);
        VectorSchemaRoot expected = FormatTables.batch(memory.allocator(), 0, ROWS, SEED, 10)) {
      assertThat(file.footer().metadata()).containsKey("writer");
      assertThat(file.schema()).isEqualTo(expected.getSchema());
      assertThat(file.rowCount()).isEqualTo(ROWS);
      assertThat(file.footer().segments().size()).as("chunk boundaries inside columns").isGreaterThan(2 * expected.getFieldVectors().size());
      for (int c = 0; c < expected.getFieldVectors().size(); c++) {
        try (FieldVector actual = file.read(c, 0, ROWS, memory.allocator())) {
          assertThat(FormatTables.difference(expected.getVector(c), actual, 0)).isNull();
        }
      }
    }
  }

  private void writeFixture(Path target) throws IOException {
    Files.createDirectories(target.getParent());
    try (QuiverWriter writer = QuiverWriter.create(target, FormatTables.schema(), memory.allocator(),
        QuiverWriter.Options.defaults().withChunkBytes(2048));
        VectorSchemaRoot batch = FormatTables.batch(memory.allocator(), 0, ROWS, SEED, 10)) {
      writer.write(batch);
    }
  }
}
