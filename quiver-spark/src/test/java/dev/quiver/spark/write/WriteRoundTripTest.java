package dev.quiver.spark.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.spark.files.TableFiles;
import dev.quiver.spark.files.TableListing;
import dev.quiver.testing.TestingAllocator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Spark writes every type .qvr stores; Quiver's own scan reads back exactly what the DataFrame collects. */
class WriteRoundTripTest {
  private static final AtomicInteger TASK_ROWS = new AtomicInteger();
  private static SparkSession spark;

  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  @TempDir
  Path folder;

  @BeforeAll
  static void start() {
    spark = WriteTesting.session("local[2]");
    spark.udf().register("touch", (UDF1<Long, Long>) id -> {
      TASK_ROWS.incrementAndGet();
      return id;
    }, DataTypes.LongType);
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  static final StructType ALL_TYPES = new StructType().add("id", DataTypes.LongType, false)
      .add("b", DataTypes.ByteType).add("s", DataTypes.ShortType).add("i", DataTypes.IntegerType)
      .add("l", DataTypes.LongType).add("f", DataTypes.FloatType).add("d", DataTypes.DoubleType)
      .add("bool", DataTypes.BooleanType).add("str", DataTypes.StringType).add("bin", DataTypes.BinaryType)
      .add("date", DataTypes.DateType).add("ts", DataTypes.TimestampType).add("ntz", DataTypes.TimestampNTZType)
      .add("dec5", DataTypes.createDecimalType(5, 2)).add("dec18", DataTypes.createDecimalType(18, 6))
      .add("dec38", DataTypes.createDecimalType(38, 10));

  private static final float[] FLOATS = {Float.NaN, -0.0f, 0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
      Float.MIN_VALUE, Float.MAX_VALUE};
  private static final double[] DOUBLES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
      Double.MIN_VALUE, Double.MAX_VALUE};
  private static final String[] STRINGS = {"", "a", "héllo wörld", "日本語のテキスト", "emoji \uD83D\uDE00", "tab\tnew\nline"};

  static List<Row> randomRows(long seed, int count) {
    Random random = new Random(seed);
    List<Row> rows = new ArrayList<>();
    BigInteger max38 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);
    for (int r = 0; r < count; r++) {
      Object[] values = new Object[ALL_TYPES.fields().length];
      values[0] = (long) r;
      values[1] = (byte) random.nextInt();
      values[2] = (short) random.nextInt();
      values[3] = random.nextInt();
      values[4] = random.nextLong();
      values[5] = random.nextInt(3) == 0 ? FLOATS[random.nextInt(FLOATS.length)] : random.nextFloat() * 1e6f;
      values[6] = random.nextInt(3) == 0 ? DOUBLES[random.nextInt(DOUBLES.length)] : random.nextGaussian() * 1e12;
      values[7] = random.nextBoolean();
      values[8] = random.nextInt(2) == 0 ? STRINGS[random.nextInt(STRINGS.length)] : "v" + random.nextInt(100);
      byte[] bytes = new byte[random.nextInt(12)];
      random.nextBytes(bytes);
      values[9] = bytes;
      values[10] = LocalDate.ofEpochDay(random.nextInt(200_000) - 100_000);
      values[11] = Instant.ofEpochSecond(random.nextInt() * 4L, random.nextInt(1_000_000) * 1000L);
      values[12] = LocalDateTime.ofEpochSecond(random.nextInt() * 4L, random.nextInt(1_000_000) * 1000,
          ZoneOffset.UTC);
      values[13] = BigDecimal.valueOf(random.nextInt(199_999) - 99_999, 2);
      values[14] = BigDecimal.valueOf(random.nextLong() % 1_000_000_000_000_000_000L, 6);
      BigInteger unscaled = new BigInteger(126, random).mod(max38);
      values[15] = new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), 10);
      if (r % 97 == 0) {
        values[15] = new BigDecimal(max38, 10);
      }
      for (int c = 1; c < values.length; c++) {
        if (random.nextInt(10) == 0) {
          values[c] = null;
        }
      }
      rows.add(RowFactory.create(values));
    }
    return rows;
  }

  @Test
  void everyTypeRoundTripsThroughQuiversScan() {
    long seed = System.nanoTime();
    System.out.println("WriteRoundTripTest seed " + seed);
    Dataset<Row> data = spark.createDataFrame(randomRows(seed, 3000), ALL_TYPES).repartition(3);
    Path table = folder.resolve("all-types");
    data.write().format("quiver").mode("append").save(table.toString());

    TableListing listing = TableFiles.resolve(List.of(table.toString()));
    assertThat(listing.fromManifest()).isTrue();
    assertThat(listing.files()).hasSizeBetween(1, 3);
    assertThat(listing.dataSchema().fieldNames()).containsExactly(ALL_TYPES.fieldNames());
    for (int i = 0; i < ALL_TYPES.fields().length; i++) {
      assertThat(listing.dataSchema().fields()[i].dataType()).isEqualTo(ALL_TYPES.fields()[i].dataType());
    }
    List<List<Object>> expected = WriteTesting.byId(WriteTesting.normal(data.collectAsList()));
    List<List<Object>> actual = WriteTesting.byId(WriteTesting.read(listing, allocator.allocator()));
    assertThat(actual).hasSize(3000);
    for (int r = 0; r < expected.size(); r++) {
      assertThat(actual.get(r)).as("row %d (seed %d)", r, seed).isEqualTo(expected.get(r));
    }
  }

  @Test
  void everyTypeRoundTripsThroughSparksRead() {
    long seed = System.nanoTime();
    System.out.println("WriteRoundTripTest Spark read seed " + seed);
    Dataset<Row> data = spark.createDataFrame(randomRows(seed, 2000), ALL_TYPES).repartition(2);
    Path table = folder.resolve("spark-read");
    data.write().format("quiver").save(table.toString());
    Dataset<Row> read = spark.read().format("quiver").load(table.toString());
    assertThat(read.schema().fieldNames()).containsExactly(ALL_TYPES.fieldNames());
    List<List<Object>> expected = WriteTesting.byId(WriteTesting.normal(data.collectAsList()));
    List<List<Object>> actual = WriteTesting.byId(WriteTesting.normal(read.collectAsList()));
    assertThat(actual).hasSize(2000);
    for (int r = 0; r < expected.size(); r++) {
      assertThat(actual.get(r)).as("row %d (seed %d)", r, seed).isEqualTo(expected.get(r));
    }
  }

  @Test
  void partitionColumnsOfEveryPartitionTypeReadBackTypedThroughSpark() {
    Path table = folder.resolve("typed-partitions");
    Dataset<Row> data = spark.range(0, 240, 1, 3).selectExpr("id",
        "cast(id % 3 as byte) as p_byte", "id % 2 = 0 as p_bool",
        "case when id % 5 = 0 then null else date_add(date'2024-02-27', cast(id % 4 as int)) end as p_date",
        "cast(id % 3 as decimal(10,2)) / 4 as p_dec", "case when id % 7 = 0 then 'x/y' else 'z' end as p_str");
    data.write().format("quiver").partitionBy("p_byte", "p_bool", "p_date", "p_dec", "p_str").save(table.toString());
    Dataset<Row> read = spark.read().format("quiver").load(table.toString());
    assertThat(read.schema()).isEqualTo(WriteTesting.nullable(data.schema()));
    assertThat(WriteTesting.byId(WriteTesting.normal(read.collectAsList())))
        .isEqualTo(WriteTesting.byId(WriteTesting.normal(data.collectAsList())));
    assertThat(read.where("p_date = date'2024-02-29' and p_bool").count())
        .isEqualTo(data.where("p_date = date'2024-02-29' and p_bool").count()).isPositive();
  }

  @Test
  void anEmptyDataFrameCommitsAnEmptyTableWithItsSchema() {
    Path table = folder.resolve("empty");
    spark.createDataFrame(List.of(), ALL_TYPES).write().format("quiver").mode("append").save(table.toString());
    TableListing listing = TableFiles.resolve(List.of(table.toString()));
    assertThat(listing.fromManifest()).isTrue();
    assertThat(listing.files()).isEmpty();
    assertThat(listing.dataSchema().fieldNames()).containsExactly(ALL_TYPES.fieldNames());
    Dataset<Row> read = spark.read().format("quiver").load(table.toString());
    assertThat(read.schema().fieldNames()).containsExactly(ALL_TYPES.fieldNames());
    assertThat(read.count()).isZero();
    assertThat(read.collectAsList()).isEmpty();
  }

  @Test
  void anUnsupportedTypeIsAUserErrorNamingTheColumnBeforeAnyTaskRuns() {
    Path table = folder.resolve("arrays");
    TASK_ROWS.set(0);
    Dataset<Row> data = spark.range(100).selectExpr("touch(id) as id", "array(touch(id), 2L) as tags");
    Throwable thrown = catchThrowable(() -> data.write().format("quiver").mode("append").save(table.toString()));
    QuiverException error = WriteTesting.quiverCause(thrown);
    assertThat(error.errorCode()).isEqualTo(ErrorCode.USER);
    assertThat(error.getMessage()).contains("column tags").contains("array");
    assertThat(TASK_ROWS.get()).as("rows evaluated by tasks").isZero();
    assertThat(table).doesNotExist();
  }
}
