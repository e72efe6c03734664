package dev.quiver.format.testing;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** Seeded tables with every type a {@code .qvr} file stores, with nulls, for the format's tests. */
public final class FormatTables {
  private FormatTables() {}

  public static Schema schema() {
    List<Field> fields = new ArrayList<>();
    fields.add(Field.nullable("int8", new ArrowType.Int(8, true)));
    fields.add(Field.nullable("int16", new ArrowType.Int(16, true)));
    fields.add(Field.nullable("int32", new ArrowType.Int(32, true)));
    fields.add(Field.nullable("int64", new ArrowType.Int(64, true)));
    fields.add(Field.nullable("sorted", new ArrowType.Int(64, true)));
    fields.add(Field.nullable("float32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
    fields.add(Field.nullable("float64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
    fields.add(Field.nullable("bool", ArrowType.Bool.INSTANCE));
    fields.add(Field.nullable("utf8", ArrowType.Utf8.INSTANCE));
    fields.add(Field.nullable("category", ArrowType.Utf8.INSTANCE));
    fields.add(Field.nullable("binary", ArrowType.Binary.INSTANCE));
    fields.add(Field.nullable("date32", new ArrowType.Date(DateUnit.DAY)));
    fields.add(Field.nullable("timestamp_utc", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")));
    fields.add(Field.nullable("timestamp_ntz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)));
    fields.add(Field.nullable("decimal", new ArrowType.Decimal(12, 2, 128)));
    return new Schema(fields);
  }

  private static final String[] CATEGORIES = {"books", "grocery", "music", "Ωμέγα", "日本語", ""};

  /** Rows {@code [firstRow, firstRow+rows)} of the seeded table; about {@code nullPercent}% nulls. */
  public static VectorSchemaRoot batch(BufferAllocator allocator, long firstRow, int rows, long seed, int nullPercent) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
    root.allocateNew();
    for (int i = 0; i < rows; i++) {
      long row = firstRow + i;
      Random random = new Random(seed * 1_000_003L + row);
      for (FieldVector vector : root.getFieldVectors()) {
        if (nullPercent > 0 && random.nextInt(100) < nullPercent) {
          vector.setNull(i);
          continue;
        }
        set(vector, i, row, random);
      }
    }
    root.setRowCount(rows);
    return root;
  }

  private static void set(FieldVector vector, int index, long row, Random random) {
    switch (vector.getName()) {
      case "int8":
        ((TinyIntVector) vector).setSafe(index, (byte) random.nextInt());
        break;
      case "int16":
        ((SmallIntVector) vector).setSafe(index, (short) random.nextInt(1000));
        break;
      case "int32":
        ((IntVector) vector).setSafe(index, row % 97 == 0 ? Integer.MIN_VALUE : random.nextInt(100_000));
        break;
      case "int64":
        ((BigIntVector) vector).setSafe(index, row % 89 == 0 ? Long.MAX_VALUE : random.nextLong());
        break;
      case "sorted":
        ((BigIntVector) vector).setSafe(index, row * 3 + 1_000_000_000L);
        break;
      case "float32":
        ((Float4Vector) vector).setSafe(index, row % 83 == 0 ? Float.NaN : random.nextFloat());
        break;
      case "float64":
        ((Float8Vector) vector).setSafe(index, row % 79 == 0 ? -0.0 : Math.round(random.nextDouble() * 10000) / 100.0);
        break;
      case "bool":
        ((BitVector) vector).setSafe(index, random.nextInt(10) < 3 ? 1 : 0);
        break;
      case "utf8":
        ((VarCharVector) vector).setSafe(index, ("text " + row + " " + "é".repeat(random.nextInt(4))).getBytes(StandardCharsets.UTF_8));
        break;
      case "category":
        ((VarCharVector) vector).setSafe(index, CATEGORIES[random.nextInt(CATEGORIES.length)].getBytes(StandardCharsets.UTF_8));
        break;
      case "binary": {
        byte[] bytes = new byte[random.nextInt(9)];
        random.nextBytes(bytes);
        ((VarBinaryVector) vector).setSafe(index, bytes);
        break;
      }
      case "date32":
        ((DateDayVector) vector).setSafe(index, 18_000 + (int) (row / 1000));
        break;
      case "timestamp_utc":
        ((TimeStampMicroTZVector) vector).setSafe(index, 1_600_000_000_000_000L + row * 1_000_003L);
        break;
      case "timestamp_ntz":
        ((TimeStampMicroVector) vector).setSafe(index, random.nextLong() >> 10);
        break;
      case "decimal":
        ((DecimalVector) vector).setSafe(index, BigDecimal.valueOf(random.nextInt(10_000_000), 2));
        break;
      default:
        throw new IllegalArgumentException(vector.getName());
    }
  }

  /** Null when equal, else where the first difference is. */
  public static String difference(FieldVector expected, FieldVector actual, long firstRow) {
    if (expected.getValueCount() != actual.getValueCount()) {
      return "value count " + actual.getValueCount() + " != " + expected.getValueCount();
    }
    for (int i = 0; i < expected.getValueCount(); i++) {
      Object left = expected.getObject(i);
      Object right = actual.getObject(i);
      boolean same = left instanceof byte[] ? java.util.Arrays.equals((byte[]) left, (byte[]) right)
          : left instanceof Double ? Objects.equals(Double.doubleToRawLongBits((Double) left), right == null ? null : Double.doubleToRawLongBits((Double) right))
          : left instanceof Float ? Objects.equals(Float.floatToRawIntBits((Float) left), right == null ? null : Float.floatToRawIntBits((Float) right))
          : Objects.equals(left, right);
      if (!same) {
        return expected.getName() + " row " + (firstRow + i) + ": " + right + " != " + left;
      }
    }
    return null;
  }
}
