package dev.quiver.cli;

import dev.quiver.format.file.QuiverFile;
import dev.quiver.io.parquet.ParquetArrowReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
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
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Seeded tables of every type convert carries (with nulls and edge values), and whole files read
 * back as plain Java values for comparisons across formats.
 */
final class TestTables {
  private TestTables() {}

  /** A whole table as values: the schema and one list of {@link #value}s per column. */
  record Snapshot(Schema schema, List<List<Object>> columns) {
    long rowCount() {
      return columns.isEmpty() ? 0 : columns.get(0).size();
    }
  }

  /**
   * The schema of {@link #allTypes}; {@code withSeconds} adds a timestamp in seconds (Parquet stores
   * those as milliseconds, so Parquet round trips leave it out).
   */
  static Schema allTypesSchema(boolean withSeconds) {
    List<Field> fields = new ArrayList<>();
    fields.add(Field.nullable("int8", new ArrowType.Int(8, true)));
    fields.add(Field.nullable("int16", new ArrowType.Int(16, true)));
    fields.add(Field.nullable("int32", new ArrowType.Int(32, true)));
    fields.add(Field.nullable("int64", new ArrowType.Int(64, true)));
    fields.add(new Field("id", new FieldType(false, new ArrowType.Int(64, true), null), null));
    fields.add(Field.nullable("float32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
    fields.add(Field.nullable("float64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
    fields.add(Field.nullable("bool", ArrowType.Bool.INSTANCE));
    fields.add(Field.nullable("utf8", ArrowType.Utf8.INSTANCE));
    fields.add(Field.nullable("category", ArrowType.Utf8.INSTANCE));
    fields.add(Field.nullable("binary", ArrowType.Binary.INSTANCE));
    fields.add(Field.nullable("date32", new ArrowType.Date(DateUnit.DAY)));
    if (withSeconds) {
      fields.add(Field.nullable("ts_seconds", new ArrowType.Timestamp(TimeUnit.SECOND, null)));
    }
    fields.add(Field.nullable("ts_millis_utc", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")));
    fields.add(Field.nullable("ts_micros", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)));
    fields.add(Field.nullable("ts_nanos_utc", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")));
    fields.add(Field.nullable("decimal_15_2", new ArrowType.Decimal(15, 2, 128)));
    fields.add(Field.nullable("decimal_38_10", new ArrowType.Decimal(38, 10, 128)));
    return new Schema(fields);
  }

  private static final String[] CATEGORIES = {"books", "grocery", "music", "Ωμέγα", "日本語", "", "a,b \"quoted\"\nline"};
  private static final double[] SPECIAL_DOUBLES = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 1e-300};

  /** {@code rows} seeded rows of every type; about 10% nulls in each nullable column. */
  static VectorSchemaRoot allTypes(BufferAllocator allocator, int rows, long seed, boolean withSeconds) {
    VectorSchemaRoot root = VectorSchemaRoot.create(allTypesSchema(withSeconds), allocator);
    root.allocateNew();
    Random random = new Random(seed);
    for (int row = 0; row < rows; row++) {
      for (FieldVector vector : root.getFieldVectors()) {
        if (vector.getField().isNullable() && random.nextInt(10) == 0) {
          vector.setNull(row);
        } else {
          set(vector, row, random);
        }
      }
    }
    root.setRowCount(rows);
    return root;
  }

  private static void set(FieldVector vector, int row, Random random) {
    switch (vector.getName()) {
      case "int8":
        ((TinyIntVector) vector).setSafe(row, (byte) random.nextInt());
        break;
      case "int16":
        ((SmallIntVector) vector).setSafe(row, (short) random.nextInt());
        break;
      case "int32":
        ((IntVector) vector).setSafe(row, random.nextInt(5) == 0 ? random.nextInt() : random.nextInt(1000) - 500);
        break;
      case "int64":
        ((BigIntVector) vector).setSafe(row,
            random.nextInt(20) == 0 ? (random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE)
                : random.nextLong());
        break;
      case "id":
        ((BigIntVector) vector).setSafe(row, row);
        break;
      case "float32":
        ((Float4Vector) vector).setSafe(row,
            random.nextInt(10) == 0 ? Float.NaN : (float) (random.nextGaussian() * 100));
        break;
      case "float64":
        ((Float8Vector) vector).setSafe(row,
            random.nextInt(8) == 0 ? SPECIAL_DOUBLES[random.nextInt(SPECIAL_DOUBLES.length)]
                : Math.round(random.nextDouble() * 1e6) / 100.0);
        break;
      case "bool":
        ((BitVector) vector).setSafe(row, random.nextBoolean() ? 1 : 0);
        break;
      case "utf8": {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(5) == 0 ? random.nextInt(300) : random.nextInt(12);
        for (int i = 0; i < length; i++) {
          text.append(random.nextInt(20) == 0 ? 'é' : (char) ('a' + random.nextInt(26)));
        }
        ((VarCharVector) vector).setSafe(row, text.toString().getBytes(StandardCharsets.UTF_8));
        break;
      }
      case "category":
        ((VarCharVector) vector).setSafe(row,
            CATEGORIES[random.nextInt(CATEGORIES.length)].getBytes(StandardCharsets.UTF_8));
        break;
      case "binary": {
        byte[] bytes = new byte[random.nextInt(20)];
        random.nextBytes(bytes);
        ((VarBinaryVector) vector).setSafe(row, bytes);
        break;
      }
      case "date32":
        ((DateDayVector) vector).setSafe(row, random.nextInt(40_000) - 10_000);
        break;
      case "decimal_15_2":
        ((DecimalVector) vector).setSafe(row, BigDecimal.valueOf(random.nextLong() % 1_000_000_000_000_000L, 2));
        break;
      case "decimal_38_10": {
        BigInteger unscaled = new BigInteger(120, random);
        ((DecimalVector) vector).setSafe(row, new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), 10));
        break;
      }
      default: {
        // timestamps: within ±200 years of the epoch in their unit
        TimeUnit unit = ((ArrowType.Timestamp) vector.getField().getType()).getUnit();
        long seconds = random.nextLong() % (200L * 365 * 86_400);
        long value = unit == TimeUnit.SECOND ? seconds
            : unit == TimeUnit.MILLISECOND ? seconds * 1_000 + random.nextInt(1_000)
                : unit == TimeUnit.MICROSECOND ? seconds * 1_000_000 + random.nextInt(1_000_000)
                    : seconds * 1_000_000_000 + random.nextInt(1_000_000_000);
        ((TimeStampVector) vector).setSafe(row, value);
        break;
      }
    }
  }

  /** Writes {@code root} as an Arrow IPC file. */
  static void writeArrowFile(VectorSchemaRoot root, Path path) throws IOException {
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ArrowFileWriter writer = new ArrowFileWriter(root, null, channel)) {
      writer.start();
      writer.writeBatch();
      writer.end();
    }
  }

  /** A Java value for comparisons: byte arrays as hex text, other values as Arrow Java's getObject. */
  static Object value(FieldVector vector, int row) {
    Object value = vector.getObject(row);
    if (value instanceof byte[]) {
      return HexFormat.of().formatHex((byte[]) value);
    }
    if (value instanceof org.apache.arrow.vector.util.Text) {
      return value.toString();
    }
    return value;
  }

  /** The values of batches added one after the other. */
  static final class Collector {
    private Schema schema;
    private final List<List<Object>> columns = new ArrayList<>();

    void add(VectorSchemaRoot batch) {
      if (schema == null) {
        schema = batch.getSchema();
        batch.getFieldVectors().forEach(vector -> columns.add(new ArrayList<>()));
      }
      for (int column = 0; column < columns.size(); column++) {
        FieldVector vector = batch.getVector(column);
        for (int row = 0; row < batch.getRowCount(); row++) {
          columns.get(column).add(value(vector, row));
        }
      }
    }

    Snapshot snapshot() {
      return new Snapshot(schema, columns);
    }
  }

  static Snapshot snapshot(VectorSchemaRoot root) {
    Collector collector = new Collector();
    collector.add(root);
    return collector.snapshot();
  }

  /** Any file convert writes, read back with the format's own reader. */
  static Snapshot read(Path path, BufferAllocator allocator) throws IOException {
    String name = path.getFileName().toString();
    Collector collector = new Collector();
    if (name.endsWith(".qvr")) {
      try (QuiverFile file = QuiverFile.open(path)) {
        List<FieldVector> vectors = new ArrayList<>();
        try {
          for (int column = 0; column < file.schema().getFields().size(); column++) {
            vectors.add(file.read(column, 0, file.rowCount(), allocator));
          }
          List<Field> fields = new ArrayList<>();
          vectors.forEach(vector -> fields.add(vector.getField()));
          collector.add(new VectorSchemaRoot(fields, vectors, (int) file.rowCount()));
        } finally {
          vectors.forEach(FieldVector::close);
        }
      }
    } else if (name.endsWith(".parquet")) {
      try (ParquetArrowReader reader = ParquetArrowReader.open(path, allocator, 1000)) {
        for (VectorSchemaRoot batch = reader.next(); batch != null; batch = reader.next()) {
          try (VectorSchemaRoot current = batch) {
            collector.add(batch);
          }
        }
      }
    } else {
      try (ArrowReader reader = name.endsWith(".arrows")
          ? new ArrowStreamReader(Files.newInputStream(path), allocator)
          : new ArrowFileReader(FileChannel.open(path), allocator)) {
        while (reader.loadNextBatch()) {
          collector.add(reader.getVectorSchemaRoot());
        }
      }
    }
    return collector.snapshot();
  }
}
