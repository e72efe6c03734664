package dev.quiver.testing;

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
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.complex.impl.UnionMapWriter;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Seeded tables of known rows over Arrow vectors, with nulls, shared by the modules' tests:
 * <ul>
 *   <li>{@link #schema()} / {@link #batch}: every type a {@code .qvr} file stores (each row a pure
 *       function of seed and row number, so any range can be rebuilt), with {@link #difference};
 *   <li>{@link #allTypesSchema()} / {@link #allTypes}: every type the shuffle carries (Comet's Spark
 *       type mapping, nested list, map and struct included), with {@link #differences}.
 * </ul>
 */
public final class TestingTables {
  private TestingTables() {}

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
        ((VarCharVector) vector).setSafe(index,
            ("text " + row + " " + "é".repeat(random.nextInt(4))).getBytes(StandardCharsets.UTF_8));
        break;
      case "category":
        ((VarCharVector) vector).setSafe(index,
            CATEGORIES[random.nextInt(CATEGORIES.length)].getBytes(StandardCharsets.UTF_8));
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
          : left instanceof Double
              ? Objects.equals(Double.doubleToRawLongBits((Double) left),
                  right == null ? null : Double.doubleToRawLongBits((Double) right))
              : left instanceof Float
                  ? Objects.equals(Float.floatToRawIntBits((Float) left),
                      right == null ? null : Float.floatToRawIntBits((Float) right))
                  : Objects.equals(left, right);
      if (!same) {
        return expected.getName() + " row " + (firstRow + i) + ": " + right + " != " + left;
      }
    }
    return null;
  }

  // ---- every type the shuffle carries (was quiver-shuffle's testing.TestTables) ----

  /** Every type in the spec's mapping, all nullable. */
  public static Schema allTypesSchema() {
    List<Field> fields = new ArrayList<>();
    fields.add(Field.nullable("int8", new ArrowType.Int(8, true)));
    fields.add(Field.nullable("int16", new ArrowType.Int(16, true)));
    fields.add(Field.nullable("int32", new ArrowType.Int(32, true)));
    fields.add(Field.nullable("int64", new ArrowType.Int(64, true)));
    fields.add(Field.nullable("float32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
    fields.add(Field.nullable("float64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
    fields.add(Field.nullable("bool", ArrowType.Bool.INSTANCE));
    fields.add(Field.nullable("utf8", ArrowType.Utf8.INSTANCE));
    fields.add(Field.nullable("binary", ArrowType.Binary.INSTANCE));
    fields.add(Field.nullable("date32", new ArrowType.Date(DateUnit.DAY)));
    fields.add(Field.nullable("timestamp_utc", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")));
    fields.add(Field.nullable("timestamp_ntz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)));
    fields.add(Field.nullable("decimal", new ArrowType.Decimal(38, 10, 128)));
    fields.add(new Field("list", FieldType.nullable(ArrowType.List.INSTANCE),
        List.of(Field.nullable("item", new ArrowType.Int(32, true)))));
    Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
        Field.notNullable("key", ArrowType.Utf8.INSTANCE),
        Field.nullable("value", new ArrowType.Int(64, true))));
    fields.add(new Field("map", FieldType.nullable(new ArrowType.Map(false)), List.of(entries)));
    fields.add(new Field("struct", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
        Field.nullable("a", new ArrowType.Int(32, true)),
        Field.nullable("b", ArrowType.Utf8.INSTANCE))));
    return new Schema(fields);
  }

  /** A seeded batch of {@link #allTypesSchema()}; about {@code nullPercent}% of values are null. */
  public static VectorSchemaRoot allTypes(BufferAllocator allocator, int rows, long seed, int nullPercent) {
    Random random = new Random(seed);
    VectorSchemaRoot root = VectorSchemaRoot.create(allTypesSchema(), allocator);
    root.allocateNew();
    for (int r = 0; r < rows; r++) {
      TinyIntVector int8 = (TinyIntVector) root.getVector("int8");
      if (isNull(random, nullPercent)) {
        int8.setNull(r);
      } else {
        int8.setSafe(r, (byte) random.nextInt());
      }
      SmallIntVector int16 = (SmallIntVector) root.getVector("int16");
      if (isNull(random, nullPercent)) {
        int16.setNull(r);
      } else {
        int16.setSafe(r, (short) random.nextInt());
      }
      IntVector int32 = (IntVector) root.getVector("int32");
      if (isNull(random, nullPercent)) {
        int32.setNull(r);
      } else {
        int32.setSafe(r, r % 7 == 0 ? Integer.MIN_VALUE : random.nextInt());
      }
      BigIntVector int64 = (BigIntVector) root.getVector("int64");
      if (isNull(random, nullPercent)) {
        int64.setNull(r);
      } else {
        int64.setSafe(r, r % 5 == 0 ? Long.MAX_VALUE : random.nextLong());
      }
      Float4Vector float32 = (Float4Vector) root.getVector("float32");
      if (isNull(random, nullPercent)) {
        float32.setNull(r);
      } else {
        float32.setSafe(r, r % 11 == 0 ? Float.NaN : random.nextFloat() * 1000 - 500);
      }
      Float8Vector float64 = (Float8Vector) root.getVector("float64");
      if (isNull(random, nullPercent)) {
        float64.setNull(r);
      } else {
        float64.setSafe(r, r % 13 == 0 ? -0.0 : random.nextGaussian() * 1e6);
      }
      BitVector bool = (BitVector) root.getVector("bool");
      if (isNull(random, nullPercent)) {
        bool.setNull(r);
      } else {
        bool.setSafe(r, random.nextBoolean() ? 1 : 0);
      }
      VarCharVector utf8 = (VarCharVector) root.getVector("utf8");
      if (isNull(random, nullPercent)) {
        utf8.setNull(r);
      } else {
        utf8.setSafe(r, randomText(random).getBytes(StandardCharsets.UTF_8));
      }
      VarBinaryVector binary = (VarBinaryVector) root.getVector("binary");
      if (isNull(random, nullPercent)) {
        binary.setNull(r);
      } else {
        byte[] bytes = new byte[random.nextInt(20)];
        random.nextBytes(bytes);
        binary.setSafe(r, bytes);
      }
      DateDayVector date = (DateDayVector) root.getVector("date32");
      if (isNull(random, nullPercent)) {
        date.setNull(r);
      } else {
        date.setSafe(r, random.nextInt(3_000_000) - 1_000_000);
      }
      TimeStampMicroTZVector utc = (TimeStampMicroTZVector) root.getVector("timestamp_utc");
      if (isNull(random, nullPercent)) {
        utc.setNull(r);
      } else {
        utc.setSafe(r, random.nextLong() >> 8);
      }
      TimeStampMicroVector ntz = (TimeStampMicroVector) root.getVector("timestamp_ntz");
      if (isNull(random, nullPercent)) {
        ntz.setNull(r);
      } else {
        ntz.setSafe(r, random.nextLong() >> 8);
      }
      DecimalVector decimal = (DecimalVector) root.getVector("decimal");
      if (isNull(random, nullPercent)) {
        decimal.setNull(r);
      } else {
        decimal.setSafe(r, BigDecimal.valueOf(random.nextLong(), 10));
      }
    }
    fillList((ListVector) root.getVector("list"), rows, random, nullPercent);
    fillMap((MapVector) root.getVector("map"), rows, random, nullPercent);
    fillStruct((StructVector) root.getVector("struct"), rows, random, nullPercent);
    root.setRowCount(rows);
    return root;
  }

  private static void fillList(ListVector list, int rows, Random random, int nullPercent) {
    UnionListWriter writer = list.getWriter();
    for (int r = 0; r < rows; r++) {
      writer.setPosition(r);
      if (isNull(random, nullPercent)) {
        writer.writeNull();
        continue;
      }
      writer.startList();
      int items = random.nextInt(5);
      for (int i = 0; i < items; i++) {
        if (random.nextInt(10) == 0) {
          writer.integer().writeNull();
        } else {
          writer.integer().writeInt(random.nextInt(1000));
        }
      }
      writer.endList();
    }
    writer.setValueCount(rows);
  }

  private static void fillMap(MapVector map, int rows, Random random, int nullPercent) {
    UnionMapWriter writer = map.getWriter();
    for (int r = 0; r < rows; r++) {
      writer.setPosition(r);
      if (isNull(random, nullPercent)) {
        writer.writeNull();
        continue;
      }
      writer.startMap();
      int entries = random.nextInt(4);
      for (int i = 0; i < entries; i++) {
        writer.startEntry();
        writer.key().varChar().writeVarChar("k" + i + "_" + random.nextInt(100));
        if (random.nextInt(8) == 0) {
          writer.value().bigInt().writeNull();
        } else {
          writer.value().bigInt().writeBigInt(random.nextLong());
        }
        writer.endEntry();
      }
      writer.endMap();
    }
    writer.setValueCount(rows);
  }

  private static void fillStruct(StructVector struct, int rows, Random random, int nullPercent) {
    IntVector a = (IntVector) struct.getChild("a");
    VarCharVector b = (VarCharVector) struct.getChild("b");
    for (int r = 0; r < rows; r++) {
      if (isNull(random, nullPercent)) {
        struct.setNull(r);
        a.setNull(r);
        b.setNull(r);
        continue;
      }
      struct.setIndexDefined(r);
      if (random.nextInt(6) == 0) {
        a.setNull(r);
      } else {
        a.setSafe(r, random.nextInt());
      }
      b.setSafe(r, randomText(random).getBytes(StandardCharsets.UTF_8));
    }
    a.setValueCount(rows);
    b.setValueCount(rows);
    struct.setValueCount(rows);
  }

  private static final String[] WORDS = {"", "a", "quiver", "naïve", "Ωμέγα", "日本語", "🦀 crab", "x,y\"z", "\\N"};

  private static String randomText(Random random) {
    StringBuilder text = new StringBuilder();
    int words = random.nextInt(4);
    for (int i = 0; i < words; i++) {
      text.append(WORDS[random.nextInt(WORDS.length)]);
    }
    return text.toString();
  }

  private static boolean isNull(Random random, int nullPercent) {
    return nullPercent > 0 && random.nextInt(100) < nullPercent;
  }

  /** Whether two batches have equal schemas, row counts and values (an explanation if not). */
  public static String differences(VectorSchemaRoot expected, VectorSchemaRoot actual) {
    if (!expected.getSchema().equals(actual.getSchema())) {
      return "schema " + actual.getSchema() + " != " + expected.getSchema();
    }
    if (expected.getRowCount() != actual.getRowCount()) {
      return "rows " + actual.getRowCount() + " != " + expected.getRowCount();
    }
    for (int c = 0; c < expected.getFieldVectors().size(); c++) {
      FieldVector want = expected.getVector(c);
      FieldVector got = actual.getVector(c);
      if (!VectorEqualsVisitor.vectorEquals(want, got)) {
        for (int r = 0; r < expected.getRowCount(); r++) {
          Object left = want.getObject(r);
          Object right = got.getObject(r);
          if (!java.util.Objects.deepEquals(String.valueOf(left), String.valueOf(right))) {
            return "column " + want.getName() + " row " + r + ": " + right + " != " + left;
          }
        }
        return "column " + want.getName() + " differs";
      }
    }
    return null;
  }
}
