package dev.quiver.io.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files written by parquet-java's own example writer (Group records, not Quiver's writer) read
 * correctly through {@link ParquetArrowReader}: dictionary pages, dictionary fallback to plain
 * pages, version 2 pages (delta encodings), snappy (version 1) and zstd (version 2) pages, several row
 * groups and pages, nulls, every supported physical and logical type.
 */
class ParquetExampleFileTest {
  static final int ROWS = 20_000;
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message example {\n"
      + "  required int32 id;\n"
      + "  optional int32 tiny (INTEGER(8,true));\n"
      + "  optional int32 short (INTEGER(16,true));\n"
      + "  optional int64 big;\n"
      + "  optional binary category (STRING);\n"
      + "  optional binary unique_text (UTF8);\n"
      + "  optional double price;\n"
      + "  optional float ratio;\n"
      + "  optional boolean flag;\n"
      + "  optional int32 day (DATE);\n"
      + "  optional int64 moment (TIMESTAMP(MICROS,true));\n"
      + "  optional int64 local_moment (TIMESTAMP(MILLIS,false));\n"
      + "  optional fixed_len_byte_array(9) amount (DECIMAL(20,4));\n"
      + "  optional int32 small_amount (DECIMAL(9,2));\n"
      + "  optional int64 mid_amount (DECIMAL(18,3));\n"
      + "  optional binary binary_amount (DECIMAL(30,5));\n"
      + "  optional binary blob;\n"
      + "  optional fixed_len_byte_array(4) code;\n"
      + "}");

  private static final String[] CATEGORIES = {"alpha", "beta", "gamma", "delta", "Ωμέγα"};

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  /** The expected Arrow value (as getObject gives it, binary as hex) of every column, row by row. */
  private static List<List<Object>> writeExampleFile(Path path, long seed, WriterVersion version) throws IOException {
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    List<List<Object>> expected = new ArrayList<>();
    for (int i = 0; i < SCHEMA.getFieldCount(); i++) {
      expected.add(new ArrayList<>());
    }
    Random random = new Random(seed);
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(path))
        .withType(SCHEMA)
        .withWriterVersion(version)
        .withCompressionCodec(
            version == WriterVersion.PARQUET_1_0 ? CompressionCodecName.SNAPPY : CompressionCodecName.ZSTD)
        .withRowGroupSize(256 * 1024)
        .withPageSize(16 * 1024)
        .withDictionaryPageSize(8 * 1024)
        .build()) {
      for (int row = 0; row < ROWS; row++) {
        Group group = groups.newGroup();
        group.append("id", row);
        expected.get(0).add(row);
        for (int column = 1; column < SCHEMA.getFieldCount(); column++) {
          String name = SCHEMA.getFieldName(column);
          Object value = random.nextInt(7) == 0 ? null : appendValue(group, name, row, random);
          expected.get(column).add(value);
        }
        writer.write(group);
      }
    }
    return expected;
  }

  private static Object appendValue(Group group, String name, int row, Random random) {
    switch (name) {
      case "tiny": {
        byte value = (byte) random.nextInt();
        group.append(name, (int) value);
        return value;
      }
      case "short": {
        short value = (short) random.nextInt();
        group.append(name, (int) value);
        return value;
      }
      case "big": {
        long value = random.nextInt(3) == 0 ? random.nextLong() : row * 1000L;
        group.append(name, value);
        return value;
      }
      case "category": {
        String value = CATEGORIES[random.nextInt(CATEGORIES.length)];
        group.append(name, value);
        return value;
      }
      case "unique_text": {
        // Repeating values first in every run of 1,000 rows (a dictionary pays), then unique ones (the
        // dictionary outgrows its 8 KiB page and the writer falls back to plain pages).
        String value = row % 1000 < 600 ? "repeated value " + row % 10
            : "text number " + row + " " + Long.toHexString(random.nextLong());
        group.append(name, value);
        return value;
      }
      case "price": {
        double value = random.nextInt(50) == 0 ? Double.NaN : Math.round(random.nextDouble() * 10_000) / 100.0;
        group.append(name, value);
        return value;
      }
      case "ratio": {
        float value = random.nextFloat();
        group.append(name, value);
        return value;
      }
      case "flag": {
        boolean value = random.nextBoolean();
        group.append(name, value);
        return value;
      }
      case "day": {
        int value = 10_000 + random.nextInt(100);
        group.append(name, value);
        return value;
      }
      case "moment": {
        long value = 1_700_000_000_000_000L + random.nextInt(1_000_000_000);
        group.append(name, value);
        return value;
      }
      case "local_moment": {
        long value = 1_700_000_000_000L + random.nextInt(1_000_000_000);
        group.append(name, value);
        long seconds = Math.floorDiv(value, 1000L);
        return LocalDateTime.ofEpochSecond(seconds, (int) Math.floorMod(value, 1000L) * 1_000_000, ZoneOffset.UTC);
      }
      case "amount": {
        BigInteger unscaled = new BigInteger(64, random).subtract(BigInteger.ONE.shiftLeft(63));
        group.append(name, Binary.fromConstantByteArray(fixedBigEndian(unscaled, 9)));
        return new BigDecimal(unscaled, 4);
      }
      case "small_amount": {
        int unscaled = random.nextInt(2_000_000) - 1_000_000;
        group.append(name, unscaled);
        return BigDecimal.valueOf(unscaled, 2);
      }
      case "mid_amount": {
        long unscaled = random.nextLong() % 1_000_000_000_000_000L;
        group.append(name, unscaled);
        return BigDecimal.valueOf(unscaled, 3);
      }
      case "binary_amount": {
        BigInteger unscaled = new BigInteger(90, random).negate();
        group.append(name, Binary.fromConstantByteArray(unscaled.toByteArray()));
        return new BigDecimal(unscaled, 5);
      }
      case "blob": {
        byte[] bytes = new byte[random.nextInt(12)];
        random.nextBytes(bytes);
        group.append(name, Binary.fromConstantByteArray(bytes));
        return HexFormat.of().formatHex(bytes);
      }
      default: {
        byte[] bytes = new byte[4];
        random.nextBytes(bytes);
        group.append(name, Binary.fromConstantByteArray(bytes));
        return HexFormat.of().formatHex(bytes);
      }
    }
  }

  private static byte[] fixedBigEndian(BigInteger value, int length) {
    byte[] minimal = value.toByteArray();
    byte[] fixed = new byte[length];
    Arrays.fill(fixed, value.signum() < 0 ? (byte) -1 : 0);
    System.arraycopy(minimal, 0, fixed, length - minimal.length, minimal.length);
    return fixed;
  }

  @ParameterizedTest
  @EnumSource(WriterVersion.class)
  void readsEveryValueTheLibraryWrote(WriterVersion version) throws IOException {
    long seed = ThreadLocalRandom.current().nextLong(1, 1_000_000);
    System.out.println("ParquetExampleFileTest " + version + " seed " + seed);
    Path path = directory.resolve("example-" + version + ".parquet");
    List<List<Object>> expected = writeExampleFile(path, seed, version);
    assertPagesAreVaried(path);
    List<List<Object>> actual = new ArrayList<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(path, memory.allocator(), 3_000)) {
      assertThat(reader.rowCount()).isEqualTo(ROWS);
      assertThat(reader.schema().getFields().get(0).isNullable()).as("required id").isFalse();
      assertThat(reader.schema().findField("unique_text").isNullable()).isTrue();
      for (int i = 0; i < SCHEMA.getFieldCount(); i++) {
        actual.add(new ArrayList<>());
      }
      for (VectorSchemaRoot batch = reader.next(); batch != null; batch = reader.next()) {
        try (VectorSchemaRoot current = batch) {
          assertThat(batch.getRowCount()).isBetween(1, 3_000);
          for (int column = 0; column < actual.size(); column++) {
            FieldVector vector = batch.getVector(column);
            for (int row = 0; row < batch.getRowCount(); row++) {
              actual.get(column).add(value(vector, row));
            }
          }
        }
      }
    }
    for (int column = 0; column < expected.size(); column++) {
      assertThat(actual.get(column)).as("column %s, %s, seed %d", SCHEMA.getFieldName(column), version, seed)
          .isEqualTo(expected.get(column));
    }
  }

  /** The file really has what the test claims to cover: dictionaries, fallback, row groups. */
  private static void assertPagesAreVaried(Path path) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(path))) {
      List<BlockMetaData> rowGroups = reader.getRowGroups();
      assertThat(rowGroups).as("row groups").hasSizeGreaterThan(1);
      ColumnChunkMetaData category = column(rowGroups.get(0), "category");
      assertThat(category.hasDictionaryPage()).as("category has a dictionary").isTrue();
      ColumnChunkMetaData unique = column(rowGroups.get(0), "unique_text");
      assertThat(unique.getEncodingStats().hasDictionaryEncodedPages()).as("unique_text starts with a dictionary")
          .isTrue();
      assertThat(unique.getEncodingStats().hasNonDictionaryEncodedPages()).as("unique_text falls back").isTrue();
    }
  }

  private static ColumnChunkMetaData column(BlockMetaData rowGroup, String name) {
    return rowGroup.getColumns().stream().filter(column -> column.getPath().toDotString().equals(name)).findFirst()
        .orElseThrow();
  }

  private static Object value(FieldVector vector, int row) {
    Object value = vector.getObject(row);
    if (value instanceof byte[]) {
      return HexFormat.of().formatHex((byte[]) value);
    }
    if (value instanceof org.apache.arrow.vector.util.Text) {
      return value.toString();
    }
    return value;
  }

  @Test
  void nestedColumnsAreAUserErrorNamingTheColumn() throws IOException {
    MessageType nested = MessageTypeParser.parseMessageType("message nested {\n"
        + "  required int32 id;\n"
        + "  optional group tags (LIST) { repeated group list { optional binary element (STRING); } }\n"
        + "}");
    Path path = directory.resolve("nested.parquet");
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(nested)
        .build()) {
      writer.write(new SimpleGroupFactory(nested).newGroup().append("id", 1));
    }
    assertThatThrownBy(() -> ParquetArrowReader.open(path, memory.allocator(), 100))
        .isInstanceOf(QuiverException.class)
        .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER))
        .hasMessageContaining("column tags is a nested group");
  }
}
