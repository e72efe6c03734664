package dev.quiver.format.testing;

import dev.quiver.format.file.QuiverWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Test tables with columns chunked at different row counts: {@code id} int64 (the row number plus
 * a base), {@code flag} int8 with nulls, {@code text} wide utf8 (small chunks), {@code mode} utf8 of
 * seven values (a dict layout).
 */
public final class ScanTables {
  public static final Schema SCHEMA = new Schema(List.of(
      Field.notNullable("id", new ArrowType.Int(64, true)),
      Field.nullable("flag", new ArrowType.Int(8, true)),
      Field.nullable("text", ArrowType.Utf8.INSTANCE),
      Field.nullable("mode", ArrowType.Utf8.INSTANCE)));

  private ScanTables() {}

  public static long id(long row) {
    return row * 3 + 7;
  }

  public static Integer flag(long row) {
    return row % 11 == 4 ? null : (int) (row % 100) - 50;
  }

  public static String text(long row) {
    return row % 13 == 2 ? null : "row " + row + " " + "abcdefghij".repeat((int) (row % 7));
  }

  public static String mode(long row) {
    return row % 17 == 0 ? null : "mode-" + (row * 31 % 7);
  }

  /** Writes rows {@code [first, first+rows)} with small chunks (a few KiB). */
  public static Path write(Path file, long first, long rows, long chunkBytes, BufferAllocator allocator)
      throws IOException {
    try (QuiverWriter writer = QuiverWriter.create(file, SCHEMA, allocator,
        QuiverWriter.Options.defaults().withChunkBytes(chunkBytes).withZoneRows(1024))) {
      for (long start = first; start < first + rows; start += 4000) {
        int count = (int) Math.min(4000, first + rows - start);
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, allocator)) {
          BigIntVector ids = (BigIntVector) batch.getVector(0);
          TinyIntVector flags = (TinyIntVector) batch.getVector(1);
          VarCharVector texts = (VarCharVector) batch.getVector(2);
          VarCharVector modes = (VarCharVector) batch.getVector(3);
          for (int i = 0; i < count; i++) {
            long row = start + i;
            ids.setSafe(i, id(row));
            Integer flag = flag(row);
            if (flag == null) {
              flags.setNull(i);
            } else {
              flags.setSafe(i, flag);
            }
            set(texts, i, text(row));
            set(modes, i, mode(row));
          }
          batch.setRowCount(count);
          writer.write(batch);
        }
      }
    }
    return file;
  }

  private static void set(VarCharVector vector, int index, String value) {
    if (value == null) {
      vector.setNull(index);
    } else {
      vector.setSafe(index, value.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** The expected value of {@code column} at table row {@code row}, as Arrow's getObject gives it. */
  public static Object expected(String column, long row) {
    switch (column) {
      case "id":
        return id(row);
      case "flag":
        Integer flag = flag(row);
        return flag == null ? null : flag.byteValue();
      case "text":
        return text(row);
      case "mode":
        return mode(row);
      default:
        throw new IllegalArgumentException(column);
    }
  }

  public static Object actual(VectorSchemaRoot batch, String column, int index) {
    Object value = batch.getVector(column).getObject(index);
    return value == null ? null : (value instanceof org.apache.arrow.vector.util.Text ? value.toString() : value);
  }
}
