package dev.quiver.shuffle.sample;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The table of Comet's own shuffle benchmark: column i named {@code column_i}, not nullable, even i
 * Int64 with value r, odd i Utf8 {@code "value_r"}. Benchmarks, tests and the demo share it so their
 * figures compare with Comet's published ones.
 */
public final class CometBenchmarkTable {
  private CometBenchmarkTable() {}

  public static Schema schema(int columns) {
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < columns; i++) {
      fields.add(Field.notNullable("column_" + i, i % 2 == 0 ? new ArrowType.Int(64, true) : ArrowType.Utf8.INSTANCE));
    }
    return new Schema(fields);
  }

  /** A batch of {@code rows} rows; the caller owns it. */
  public static VectorSchemaRoot batch(BufferAllocator allocator, int columns, int rows) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema(columns), allocator);
    root.allocateNew();
    for (int c = 0; c < columns; c++) {
      FieldVector vector = root.getVector(c);
      for (int r = 0; r < rows; r++) {
        if (c % 2 == 0) {
          ((BigIntVector) vector).setSafe(r, r);
        } else {
          ((VarCharVector) vector).setSafe(r, ("value_" + r).getBytes(StandardCharsets.UTF_8));
        }
      }
    }
    root.setRowCount(rows);
    return root;
  }
}
