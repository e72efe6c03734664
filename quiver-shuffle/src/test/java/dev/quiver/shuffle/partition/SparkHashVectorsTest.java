package dev.quiver.shuffle.partition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.shuffle.testing.CsvRows;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every row of Spark 4.1.3's hash vectors ({@code spark-hash/vectors.csv}: 519 values of 15 types;
 * {@code multi_column.csv}: 100 rows of {@code hash(a bigint, b string, c date)}) through the
 * vectorized hash partitioner, as Arrow columns of the types Comet maps those Spark types to: the
 * hash and the partitions for 200 and 7 must be Spark's, on every row.
 */
class SparkHashVectorsTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void everySingleColumnVectorHashesAndPartitionsAsSpark() throws IOException {
    List<List<CsvRows.Field>> records = CsvRows.read("/spark-hash/vectors.csv");
    assertThat(records.get(0).stream().map(CsvRows.Field::text)).containsExactly("type", "value", "hash", "pmod200",
        "pmod7");
    Map<String, List<List<CsvRows.Field>>> byType = new LinkedHashMap<>();
    for (List<CsvRows.Field> record : records.subList(1, records.size())) {
      assertThat(record).hasSize(5);
      byType.computeIfAbsent(record.get(0).text(), type -> new ArrayList<>()).add(record);
    }
    assertThat(byType).hasSize(15);
    List<String> mismatches = new ArrayList<>();
    int checked = 0;
    for (Map.Entry<String, List<List<CsvRows.Field>>> group : byType.entrySet()) {
      List<List<CsvRows.Field>> rows = group.getValue();
      Field field = Field.nullable("v", arrowType(group.getKey()));
      try (VectorSchemaRoot batch = VectorSchemaRoot.create(new Schema(List.of(field)), memory.allocator())) {
        batch.allocateNew();
        for (int r = 0; r < rows.size(); r++) {
          set(batch.getVector(0), r, group.getKey(), rows.get(r).get(1));
        }
        batch.setRowCount(rows.size());
        int[] hashes = hashes(batch, List.of("v"));
        int[] by200 = partitions(batch, 200, List.of("v"));
        int[] by7 = partitions(batch, 7, List.of("v"));
        for (int r = 0; r < rows.size(); r++) {
          List<CsvRows.Field> row = rows.get(r);
          String actual = hashes[r] + "," + by200[r] + "," + by7[r];
          String expected = row.get(2).text() + "," + row.get(3).text() + "," + row.get(4).text();
          if (!actual.equals(expected)) {
            mismatches.add(group.getKey() + " " + row.get(1).text() + ": got " + actual + ", Spark " + expected);
          }
          checked++;
        }
      }
    }
    assertThat(mismatches).as("rows whose hash or partitions differ from Spark's").isEmpty();
    assertThat(checked).isEqualTo(519);
  }

  @Test
  void everyMultiColumnVectorHashesAndPartitionsAsSpark() throws IOException {
    List<List<CsvRows.Field>> records = CsvRows.read("/spark-hash/multi_column.csv");
    assertThat(records.get(0).stream().map(CsvRows.Field::text)).containsExactly("a", "b", "c", "hash", "pmod200");
    List<List<CsvRows.Field>> rows = records.subList(1, records.size());
    Schema schema = new Schema(List.of(
        Field.nullable("a", arrowType("bigint")), Field.nullable("b", arrowType("string")),
        Field.nullable("c", arrowType("date"))));
    try (VectorSchemaRoot batch = VectorSchemaRoot.create(schema, memory.allocator())) {
      batch.allocateNew();
      for (int r = 0; r < rows.size(); r++) {
        set(batch.getVector(0), r, "bigint", rows.get(r).get(0));
        set(batch.getVector(1), r, "string", rows.get(r).get(1));
        set(batch.getVector(2), r, "date", rows.get(r).get(2));
      }
      batch.setRowCount(rows.size());
      int[] hashes = hashes(batch, List.of("a", "b", "c"));
      int[] by200 = partitions(batch, 200, List.of("a", "b", "c"));
      List<String> mismatches = new ArrayList<>();
      for (int r = 0; r < rows.size(); r++) {
        List<CsvRows.Field> row = rows.get(r);
        String actual = hashes[r] + "," + by200[r];
        String expected = row.get(3).text() + "," + row.get(4).text();
        if (!actual.equals(expected)) {
          mismatches
              .add("row " + (r + 1) + " (" + row.get(0).text() + ", " + row.get(1).text() + ", " + row.get(2).text()
                  + "): got " + actual + ", Spark " + expected);
        }
      }
      assertThat(mismatches).as("rows whose hash or partition differs from Spark's").isEmpty();
      assertThat(rows).hasSize(100);
    }
  }

  /** NaN payloads the CSV cannot carry; Spark hashes each like the canonical NaN (spark-hash README). */
  @Test
  void everyNanPayloadHashesLikeTheCanonicalNan() {
    for (int bits : new int[] {0x7fc00000, 0x7f800001, 0xffc00000, 0x7fffffff}) {
      try (Float4Vector vector = new Float4Vector("v", memory.allocator())) {
        vector.allocateNew(1);
        vector.setIndexDefined(0);
        vector.getDataBuffer().setInt(0, bits);
        assertThat(hashOfTheOnlyValue(vector)).as("float bits %08x", bits).isEqualTo(-349261430);
      }
    }
    for (long bits : new long[] {0x7ff8000000000000L, 0x7ff0000000000001L, 0xfff8000000000000L, 0x7fffffffffffffffL}) {
      try (Float8Vector vector = new Float8Vector("v", memory.allocator())) {
        vector.allocateNew(1);
        vector.setIndexDefined(0);
        vector.getDataBuffer().setLong(0, bits);
        assertThat(hashOfTheOnlyValue(vector)).as("double bits %016x", bits).isEqualTo(-1281358385);
      }
    }
  }

  private static int hashOfTheOnlyValue(FieldVector vector) {
    vector.setValueCount(1);
    int[] hash = {SparkHash.SEED};
    ColumnHasher.of(vector.getField()).update(vector, 1, hash);
    return hash[0];
  }

  private static int[] hashes(VectorSchemaRoot batch, List<String> columns) {
    HashPartitioning.HashPartitioner partitioner = (HashPartitioning.HashPartitioner) Partitioning.hash(200, columns)
        .newPartitioner(batch.getSchema(), 0);
    int[] hashes = new int[batch.getRowCount()];
    partitioner.hash(batch, hashes);
    return hashes;
  }

  private static int[] partitions(VectorSchemaRoot batch, int count, List<String> columns) {
    Partitioner partitioner = Partitioning.hash(count, columns).newPartitioner(batch.getSchema(), 0);
    assertThat(partitioner.partitionCount()).isEqualTo(count);
    int[] partitions = new int[batch.getRowCount()];
    partitioner.partition(batch, partitions);
    return partitions;
  }

  /** The Arrow type Comet maps a Spark type to (spec: "Type mapping Comet uses for Spark types"). */
  static ArrowType arrowType(String sparkType) {
    if (sparkType.startsWith("decimal(")) {
      String[] precisionAndScale = sparkType.substring(8, sparkType.length() - 1).split(",");
      return new ArrowType.Decimal(Integer.parseInt(precisionAndScale[0]), Integer.parseInt(precisionAndScale[1]), 128);
    }
    switch (sparkType) {
      case "boolean":
        return ArrowType.Bool.INSTANCE;
      case "tinyint":
        return new ArrowType.Int(8, true);
      case "smallint":
        return new ArrowType.Int(16, true);
      case "int":
        return new ArrowType.Int(32, true);
      case "bigint":
        return new ArrowType.Int(64, true);
      case "float":
        return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case "double":
        return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case "string":
        return ArrowType.Utf8.INSTANCE;
      case "binary":
        return ArrowType.Binary.INSTANCE;
      case "date":
        return new ArrowType.Date(DateUnit.DAY);
      case "timestamp":
        return new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
      default:
        throw new IllegalArgumentException("no Arrow type for " + sparkType);
    }
  }

  /** Sets row {@code r} of {@code vector} to the fixture's text of a value of {@code sparkType}. */
  static void set(FieldVector vector, int r, String sparkType, CsvRows.Field value) {
    if (value.isNull()) {
      vector.setNull(r);
      return;
    }
    String text = value.text();
    if (sparkType.startsWith("decimal(")) {
      ((DecimalVector) vector).setSafe(r, new BigDecimal(text));
      return;
    }
    switch (sparkType) {
      case "boolean":
        ((BitVector) vector).setSafe(r, Boolean.parseBoolean(text) ? 1 : 0);
        break;
      case "tinyint":
        ((TinyIntVector) vector).setSafe(r, Byte.parseByte(text));
        break;
      case "smallint":
        ((SmallIntVector) vector).setSafe(r, Short.parseShort(text));
        break;
      case "int":
        ((IntVector) vector).setSafe(r, Integer.parseInt(text));
        break;
      case "bigint":
        ((BigIntVector) vector).setSafe(r, Long.parseLong(text));
        break;
      case "float":
        ((Float4Vector) vector).setSafe(r, Float.parseFloat(text));
        break;
      case "double":
        ((Float8Vector) vector).setSafe(r, Double.parseDouble(text));
        break;
      case "string":
        ((VarCharVector) vector).setSafe(r, text.getBytes(StandardCharsets.UTF_8));
        break;
      case "binary":
        ((VarBinaryVector) vector).setSafe(r, hex(text));
        break;
      case "date":
        ((DateDayVector) vector).setSafe(r, (int) LocalDate.parse(text).toEpochDay());
        break;
      case "timestamp": {
        Instant instant = Instant.parse(text);
        long micros = Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000);
        ((TimeStampMicroTZVector) vector).setSafe(r, micros);
        break;
      }
      default:
        throw new IllegalArgumentException("no setter for " + sparkType);
    }
  }

  private static byte[] hex(String text) {
    assertThat(text).startsWith("\\x");
    String digits = text.substring(2);
    byte[] bytes = new byte[digits.length() / 2];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
    }
    return bytes;
  }
}
