package dev.quiver.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.spark.SparkSessions;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TimeStampNanoTZVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Quiver write → Spark read of every type a {@code .qvr} stores, nulls in every column: seeded random
 * values written with QuiverWriter, read back through the connector, each value compared with the one
 * written. Strings come from a few values, so the writer dictionary-encodes them and the read path's
 * dictionary columns are exercised; a filter leaves a selection over the rows; timestamps are stored in
 * milli-, micro- and nanoseconds.
 */
class QuiverTypesReadTest {
  private static final int ROWS = 30_000;
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final String[] WORDS = {"", "alpha", "Ünïcödé ✓", "a,b;c", "with space", "0"};

  @TempDir
  static Path folder;
  private static SparkSession spark;
  private static final List<Object[]> expected = new ArrayList<>();

  @BeforeAll
  static void write() throws Exception {
    System.out.println("QuiverTypesReadTest seed " + SEED);
    spark = SparkSessions.local("types-read");
    spark.conf().set("spark.sql.session.timeZone", "UTC");
    Random random = new Random(SEED);
    List<Field> fields = List.of(field("id", new ArrowType.Int(32, true)), field("i8", new ArrowType.Int(8, true)),
        field("i16", new ArrowType.Int(16, true)), field("i64", new ArrowType.Int(64, true)),
        field("f32", new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.SINGLE)),
        field("f64", new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)),
        field("flag", ArrowType.Bool.INSTANCE), field("word", ArrowType.Utf8.INSTANCE),
        field("bytes", ArrowType.Binary.INSTANCE),
        field("day", new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY)),
        field("ts_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        field("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")),
        field("ts_ms_local", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
        field("money", new ArrowType.Decimal(15, 2, 128)), field("wide", new ArrowType.Decimal(38, 10, 128)));
    Schema schema = new Schema(fields);
    try (BufferAllocator allocator = new RootAllocator();
        QuiverWriter writer = QuiverWriter.create(folder.resolve("types.qvr"), schema, allocator,
            QuiverWriter.Options.defaults().withChunkBytes(32 << 10));
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      root.allocateNew();
      for (int row = 0; row < ROWS; row++) {
        Object[] values = new Object[fields.size()];
        values[0] = row;
        for (int c = 1; c < fields.size(); c++) {
          values[c] = random.nextInt(10) == 0 ? null : value(c, random);
        }
        expected.add(values);
        set(root, row, values);
      }
      root.setRowCount(ROWS);
      writer.write(root);
    }
    spark.read().format("quiver").load(folder.resolve("types.qvr").toString()).createOrReplaceTempView("types");
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  private static Field field(String name, ArrowType type) {
    return new Field(name, new FieldType(!name.equals("id"), type, null), null);
  }

  private static Object value(int column, Random random) {
    return switch (column) {
      case 1 -> (byte) random.nextInt();
      case 2 -> (short) random.nextInt();
      case 3 -> random.nextInt(3) == 0 ? random.nextLong() : (long) random.nextInt(1000);
      case 4 -> random.nextInt(20) == 0 ? Float.NaN : random.nextFloat() * 1000 - 500;
      case 5 -> switch (random.nextInt(20)) {
        case 0 -> Double.NaN;
        case 1 -> -0.0;
        case 2 -> Double.POSITIVE_INFINITY;
        default -> random.nextGaussian() * 1e6;
      };
      case 6 -> random.nextBoolean();
      case 7 -> WORDS[random.nextInt(WORDS.length)];
      case 8 -> new byte[] {(byte) random.nextInt(), (byte) 0, (byte) random.nextInt(256)};
      case 9 -> LocalDate.ofEpochDay(random.nextInt(40_000) - 10_000);
      case 10 -> random.nextLong() / 100_000_000L;
      case 11 -> random.nextLong() / 1_000L;
      case 12 -> random.nextLong() / 10_000_000L;
      case 13 -> BigDecimal.valueOf(random.nextInt(), 2);
      default -> new BigDecimal(new BigInteger(120, random).subtract(BigInteger.ONE.shiftLeft(119)), 10);
    };
  }

  private static void set(VectorSchemaRoot root, int row, Object[] values) {
    for (int c = 0; c < values.length; c++) {
      var vector = root.getVector(c);
      Object value = values[c];
      if (value == null) {
        vector.setNull(row);
        continue;
      }
      switch (c) {
        case 0 -> ((IntVector) vector).setSafe(row, (Integer) value);
        case 1 -> ((TinyIntVector) vector).setSafe(row, (Byte) value);
        case 2 -> ((SmallIntVector) vector).setSafe(row, (Short) value);
        case 3 -> ((BigIntVector) vector).setSafe(row, (Long) value);
        case 4 -> ((Float4Vector) vector).setSafe(row, (Float) value);
        case 5 -> ((Float8Vector) vector).setSafe(row, (Double) value);
        case 6 -> ((BitVector) vector).setSafe(row, (Boolean) value ? 1 : 0);
        case 7 -> ((VarCharVector) vector).setSafe(row, ((String) value).getBytes(StandardCharsets.UTF_8));
        case 8 -> ((VarBinaryVector) vector).setSafe(row, (byte[]) value);
        case 9 -> ((DateDayVector) vector).setSafe(row, (int) ((LocalDate) value).toEpochDay());
        case 10 -> ((TimeStampMicroTZVector) vector).setSafe(row, (Long) value);
        case 11 -> ((TimeStampNanoTZVector) vector).setSafe(row, (Long) value);
        case 12 -> ((TimeStampMilliVector) vector).setSafe(row, (Long) value);
        default -> ((DecimalVector) vector).setSafe(row, (BigDecimal) value);
      }
    }
  }

  /** The value Spark should return for a written value. */
  private static Object sparkValue(int column, Object value) {
    if (value == null) {
      return null;
    }
    return switch (column) {
      case 9 -> Date.valueOf((LocalDate) value);
      case 10 -> Timestamp.from(Instant.EPOCH.plusNanos((Long) value * 1000));
      case 11 -> Timestamp.from(Instant.EPOCH.plusNanos(Math.floorDiv((Long) value, 1000L) * 1000));
      case 12 -> LocalDateTime.ofEpochSecond(Math.floorDiv((Long) value, 1000L),
          (int) Math.floorMod((Long) value, 1000L) * 1_000_000, ZoneOffset.UTC);
      default -> value;
    };
  }

  private static void assertRow(Row row) {
    Object[] values = expected.get(row.getInt(0));
    for (int c = 1; c < values.length; c++) {
      Object actual = row.get(c);
      Object wanted = sparkValue(c, values[c]);
      if (wanted instanceof byte[] bytes) {
        assertThat((byte[]) actual).as("row %d column %d", row.getInt(0), c).isEqualTo(bytes);
      } else if (wanted instanceof BigDecimal decimal) {
        assertThat((BigDecimal) actual).as("row %d column %d", row.getInt(0), c).isEqualByComparingTo(decimal);
      } else {
        assertThat(actual).as("row %d column %d", row.getInt(0), c).isEqualTo(wanted);
      }
    }
  }

  @Test
  void everyTypeReadsBackAsWritten() {
    List<Row> rows = spark.sql("SELECT * FROM types").collectAsList();
    assertThat(rows).hasSize(ROWS);
    rows.forEach(QuiverTypesReadTest::assertRow);
  }

  @Test
  void filteredRowsKeepTheirValues() {
    List<Row> rows = spark.sql("SELECT * FROM types WHERE word = 'alpha' AND id % 3 = 0").collectAsList();
    long wanted = expected.stream().filter(v -> "alpha".equals(v[7]) && (Integer) v[0] % 3 == 0).count();
    assertThat(rows).hasSize((int) wanted);
    rows.forEach(QuiverTypesReadTest::assertRow);
    List<Row> ranged = spark.sql("SELECT * FROM types WHERE i64 BETWEEN 10 AND 500 AND flag").collectAsList();
    long inRange = expected.stream().filter(v -> v[3] != null && (Long) v[3] >= 10 && (Long) v[3] <= 500
        && Boolean.TRUE.equals(v[6])).count();
    assertThat(ranged).hasSize((int) inRange);
    ranged.forEach(QuiverTypesReadTest::assertRow);
  }

  @Test
  void floatFiltersFollowSparkSemantics() {
    long nan = spark.sql("SELECT count(*) FROM types WHERE f64 = double('NaN')").first().getLong(0);
    assertThat(nan).isEqualTo(expected.stream().filter(v -> v[5] != null && Double.isNaN((Double) v[5])).count());
    long zero = spark.sql("SELECT count(*) FROM types WHERE f64 = 0.0").first().getLong(0);
    assertThat(zero).isEqualTo(expected.stream().filter(v -> v[5] != null && (Double) v[5] == 0.0).count());
    long above = spark.sql("SELECT count(*) FROM types WHERE f64 > 1e300").first().getLong(0);
    assertThat(above).as("NaN and infinity are above every number in Spark")
        .isEqualTo(expected.stream().filter(v -> v[5] != null && (Double.isNaN((Double) v[5]) || (Double) v[5] > 1e300))
            .count());
  }
}
