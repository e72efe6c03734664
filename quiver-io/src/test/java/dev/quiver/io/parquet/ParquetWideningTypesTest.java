package dev.quiver.io.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.arrow.UnreadableColumns;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unsigned integers and TIME written by parquet-java (the bit patterns of values above the signed
 * range, as Arrow C++ and parquet-java store them) read as the wider signed types with every value
 * exact, TIME(MILLIS/MICROS) as microseconds, TIME(NANOS) as nanoseconds; a column Quiver cannot read is a placeholder in the
 * schema and fails only a reader that asks for it.
 */
class ParquetWideningTypesTest {
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message widening {\n"
      + "  optional int32 u8 (INTEGER(8,false));\n"
      + "  optional int32 u16 (INTEGER(16,false));\n"
      + "  optional int32 u32 (INTEGER(32,false));\n"
      + "  optional int64 u64 (INTEGER(64,false));\n"
      + "  optional int32 t_ms (TIME(MILLIS,false));\n"
      + "  optional int64 t_us (TIME(MICROS,false));\n"
      + "  optional int64 t_ns (TIME(NANOS,false));\n"
      + "  optional int64 t_utc (TIME(MICROS,true));\n"
      + "  optional fixed_len_byte_array(12) span (INTERVAL);\n"
      + "}");

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private Path write() throws IOException {
    Path path = directory.resolve("widening.parquet");
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(SCHEMA)
        .build()) {
      writer.write(groups.newGroup().append("u8", 255).append("u16", 65535).append("u32", -1).append("u64", -1L)
          .append("t_ms", 86_399_999).append("t_us", 36_672_345_678L).append("t_ns", 36_672_345_678_999L)
          .append("t_utc", 1L).append("span", Binary.fromConstantByteArray(new byte[12])));
      writer.write(groups.newGroup().append("u8", 0).append("u16", 1).append("u32", Integer.MIN_VALUE)
          .append("u64", Long.MIN_VALUE).append("t_ms", 0).append("t_us", 0L).append("t_ns", 999L));
      writer.write(groups.newGroup());
    }
    return path;
  }

  @Test
  void unsignedIntegersAndTimesReadExactly() throws IOException {
    Path path = write();
    List<String> readable = List.of("u8", "u16", "u32", "u64", "t_ms", "t_us", "t_ns");
    try (ParquetArrowReader reader = ParquetArrowReader.open(path, memory.allocator(), 10,
        ParquetArrowReader.defaultOptions(), readable); VectorSchemaRoot root = reader.next()) {
      assertThat(root.getSchema().getFields()).extracting(Field::getType).containsExactly(new ArrowType.Int(16, true),
          new ArrowType.Int(32, true), new ArrowType.Int(64, true), new ArrowType.Decimal(20, 0, 128),
          ParquetSchemaMapping.TIME, ParquetSchemaMapping.TIME, ParquetSchemaMapping.TIME_NANOS);
      assertThat(root.getRowCount()).isEqualTo(3);
      SmallIntVector u8 = (SmallIntVector) root.getVector("u8");
      IntVector u16 = (IntVector) root.getVector("u16");
      BigIntVector u32 = (BigIntVector) root.getVector("u32");
      DecimalVector u64 = (DecimalVector) root.getVector("u64");
      assertThat(List.of(u8.get(0), u8.get(1))).containsExactly((short) 255, (short) 0);
      assertThat(List.of(u16.get(0), u16.get(1))).containsExactly(65535, 1);
      assertThat(List.of(u32.get(0), u32.get(1))).containsExactly(4_294_967_295L, 2_147_483_648L);
      assertThat(List.of(u64.getObject(0), u64.getObject(1))).containsExactly(new BigDecimal("18446744073709551615"),
          new BigDecimal("9223372036854775808"));
      TimeMicroVector millis = (TimeMicroVector) root.getVector("t_ms");
      TimeMicroVector micros = (TimeMicroVector) root.getVector("t_us");
      TimeNanoVector nanos = (TimeNanoVector) root.getVector("t_ns");
      assertThat(List.of(millis.get(0), micros.get(0), nanos.get(0), nanos.get(1)))
          .containsExactly(86_399_999_000L, 36_672_345_678L, 36_672_345_678_999L, 999L);
      for (String column : readable) {
        assertThat(root.getVector(column).isNull(2)).as(column).isTrue();
        assertThat(root.getVector(column).isNull(0)).as(column).isFalse();
      }
    }
  }

  @Test
  void unreadableColumnsArePlaceholdersThatFailOnlyWhenRead() throws IOException {
    Path path = write();
    ParquetFooter footer = ParquetArrowReader.footer(path);
    assertThat(footer.schema().getFields()).hasSize(9);
    Field utc = footer.schema().findField("t_utc");
    Field span = footer.schema().findField("span");
    assertThat(UnreadableColumns.isUnreadable(utc)).isTrue();
    assertThat(UnreadableColumns.fileType(span)).isEqualTo("INTERVAL");
    assertThat(UnreadableColumns.isUnreadable(footer.schema().findField("u8"))).isFalse();
    // Asked with a readable column, and all columns (null): the first unreadable one asked is named.
    for (List<String> columns : java.util.Arrays.asList(List.of("u8", "span"), null)) {
      String named = columns == null ? "column t_utc is" : "column span is";
      assertThatThrownBy(() -> ParquetArrowReader.open(path, memory.allocator(), 10,
          ParquetArrowReader.defaultOptions(), columns)).isInstanceOf(QuiverException.class)
          .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER))
          .hasMessageContaining(path.toString()).hasMessageContaining(named)
          .hasMessageContaining("which Quiver does not read yet");
    }
    assertThatThrownBy(() -> ParquetArrowReader.open(path, memory.allocator(), 10,
        ParquetArrowReader.defaultOptions(), List.of("t_utc"))).isInstanceOf(QuiverException.class)
        .hasMessageContaining("column t_utc is").hasMessageContaining("TIME(MICROS,true)");
  }
}
