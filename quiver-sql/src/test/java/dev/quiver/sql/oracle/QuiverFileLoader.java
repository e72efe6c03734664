package dev.quiver.sql.oracle;

import dev.quiver.format.file.QuiverFile;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Loads a {@code .qvr} file into a {@link DuckDbOracle} by reading it back with {@link QuiverFile}
 * (rows in slices of {@link #SLICE_ROWS}), so a test can check that the file holds exactly the rows
 * the oracle was given: what Quiver reads is what DuckDB answers from.
 */
final class QuiverFileLoader {
  static final int SLICE_ROWS = 10_000;

  private QuiverFileLoader() {}

  /** Creates table {@code name} in {@code oracle} with the file's schema and rows. */
  static void load(DuckDbOracle oracle, String name, Path file, BufferAllocator allocator)
      throws IOException, SQLException {
    try (QuiverFile quiver = QuiverFile.open(file)) {
      oracle.createTable(name, quiver.schema());
      List<Field> fields = quiver.schema().getFields();
      for (long start = 0; start < quiver.rowCount(); start += SLICE_ROWS) {
        int count = (int) Math.min(SLICE_ROWS, quiver.rowCount() - start);
        List<FieldVector> vectors = new ArrayList<>();
        try {
          for (int column = 0; column < fields.size(); column++) {
            vectors.add(quiver.read(column, start, count, allocator));
          }
          VectorSchemaRoot slice = new VectorSchemaRoot(fields, vectors, count);
          oracle.append(name, slice);
        } finally {
          vectors.forEach(FieldVector::close);
        }
      }
    }
  }
}
