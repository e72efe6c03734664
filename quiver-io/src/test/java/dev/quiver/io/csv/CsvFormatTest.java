package dev.quiver.io.csv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.testing.TestingAllocator;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TimeStampMilliTZVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.complex.impl.UnionMapWriter;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class CsvFormatTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  /** The CSV fields of a two-row vector whose row 0 is set by {@code setter} and row 1 is null. */
  private <V extends FieldVector> List<String> fields(Function<BufferAllocator, V> create,
      BiConsumer<V, Integer> setter) {
    try (V vector = create.apply(memory.allocator())) {
      vector.allocateNew();
      setter.accept(vector, 0);
      vector.setValueCount(2);
      return List.of(CsvFormat.field(vector, 0, null), CsvFormat.field(vector, 1, null));
    }
  }

  @Test
  void integersInDecimalAndUnsignedTypesUnsigned() {
    assertThat(fields(a -> new TinyIntVector("v", a), (v, i) -> v.set(i, -8))).containsExactly("-8", "\\N");
    assertThat(fields(a -> new SmallIntVector("v", a), (v, i) -> v.set(i, 300))).containsExactly("300", "\\N");
    assertThat(fields(a -> new IntVector("v", a), (v, i) -> v.set(i, -70000))).containsExactly("-70000", "\\N");
    assertThat(fields(a -> new BigIntVector("v", a), (v, i) -> v.set(i, Long.MIN_VALUE)))
        .containsExactly("-9223372036854775808", "\\N");
    assertThat(fields(a -> new UInt1Vector("v", a), (v, i) -> v.set(i, 0xFF))).containsExactly("255", "\\N");
    assertThat(fields(a -> new UInt8Vector("v", a), (v, i) -> v.set(i, -1L)))
        .containsExactly("18446744073709551615", "\\N");
  }

  @Test
  void floatsAsJavaToStringAndDecimalsAsPlainStrings() {
    assertThat(fields(a -> new Float8Vector("v", a), (v, i) -> v.set(i, 0.1 + 0.2)))
        .containsExactly("0.30000000000000004", "\\N");
    assertThat(fields(a -> new Float8Vector("v", a), (v, i) -> v.set(i, 1e21))).containsExactly("1.0E21", "\\N");
    assertThat(fields(a -> new Float8Vector("v", a), (v, i) -> v.set(i, Double.NaN))).containsExactly("NaN", "\\N");
    assertThat(fields(a -> new Float4Vector("v", a), (v, i) -> v.set(i, 1.1f))).containsExactly("1.1", "\\N");
    assertThat(fields(a -> new DecimalVector("v", a, 12, 2), (v, i) -> v.set(i, new BigDecimal("-1234567890.05"))))
        .containsExactly("-1234567890.05", "\\N");
    assertThat(fields(a -> new DecimalVector("v", a, 38, 10), (v, i) -> v.set(i, new BigDecimal("1E-10").setScale(10))))
        .containsExactly("0.0000000001", "\\N");
  }

  @Test
  void booleansDatesAndTimes() {
    assertThat(fields(a -> new BitVector("v", a), (v, i) -> v.set(i, 1))).containsExactly("true", "\\N");
    assertThat(fields(a -> new BitVector("v", a), (v, i) -> v.set(i, 0))).containsExactly("false", "\\N");
    assertThat(fields(a -> new DateDayVector("v", a), (v, i) -> v.set(i, (int) LocalDate.of(2024, 2, 29).toEpochDay())))
        .containsExactly("2024-02-29", "\\N");
    assertThat(fields(a -> new DateDayVector("v", a), (v, i) -> v.set(i, -1))).containsExactly("1969-12-31", "\\N");
    assertThat(fields(a -> new DateMilliVector("v", a), (v, i) -> v.set(i, 86_400_000L * 3)))
        .containsExactly("1970-01-04", "\\N");
    assertThat(fields(a -> new TimeMicroVector("v", a), (v, i) -> v.set(i, 3_723_000_001L)))
        .containsExactly("01:02:03.000001", "\\N");
  }

  @Test
  void timestampsAsInstantWithAZoneAndLocalDateTimeWithout() {
    long micros = Instant.parse("2024-01-02T03:04:05.123456Z").toEpochMilli() * 1000 + 456;
    assertThat(fields(a -> new TimeStampMicroTZVector("v", a, "UTC"), (v, i) -> v.set(i, micros)))
        .containsExactly("2024-01-02 03:04:05.123456+00", "\\N");
    assertThat(fields(a -> new TimeStampMicroVector("v", a), (v, i) -> v.set(i, micros)))
        .containsExactly("2024-01-02 03:04:05.123456", "\\N");
    assertThat(fields(a -> new TimeStampMicroTZVector("v", a, "UTC"), (v, i) -> v.set(i, 0)))
        .containsExactly("1970-01-01 00:00:00+00", "\\N");
    assertThat(fields(a -> new TimeStampMicroVector("v", a), (v, i) -> v.set(i, 0)))
        .containsExactly("1970-01-01 00:00:00", "\\N");
    assertThat(fields(a -> new TimeStampMicroTZVector("v", a, "UTC"), (v, i) -> v.set(i, -1)))
        .containsExactly("1969-12-31 23:59:59.999999+00", "\\N");
    assertThat(fields(a -> new TimeStampMilliTZVector("v", a, "America/New_York"), (v, i) -> v.set(i, 1500)))
        .containsExactly("1969-12-31 19:00:01.5-05", "\\N");
    assertThat(fields(a -> new TimeStampNanoVector("v", a), (v, i) -> v.set(i, 1)))
        .containsExactly("1970-01-01 00:00:00.000000001", "\\N");
  }

  @Test
  void stringsAsTheyAreAndBinaryAsHex() {
    assertThat(fields(a -> new VarCharVector("v", a), (v, i) -> v.set(i, utf8("Zoë 🚀")))).containsExactly("Zoë 🚀",
        "\\N");
    assertThat(fields(a -> new LargeVarCharVector("v", a), (v, i) -> v.set(i, utf8("large")))).containsExactly("large",
        "\\N");
    assertThat(fields(a -> new VarBinaryVector("v", a), (v, i) -> v.set(i, new byte[] {0, 0x7f, (byte) 0xAB})))
        .containsExactly("\\x007fab", "\\N");
    assertThat(fields(a -> new VarBinaryVector("v", a), (v, i) -> v.set(i, new byte[0]))).containsExactly("\\x", "\\N");
    assertThat(fields(a -> new FixedSizeBinaryVector("v", a, 2), (v, i) -> v.set(i, new byte[] {0x10, 0x01})))
        .containsExactly("\\x1001", "\\N");
  }

  @Test
  void quotesOnlyWhatTheDialectRequires() {
    assertThat(CsvFormat.quoteIfNeeded("plain text")).isEqualTo("plain text");
    assertThat(CsvFormat.quoteIfNeeded("a,b")).isEqualTo("\"a,b\"");
    assertThat(CsvFormat.quoteIfNeeded("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
    assertThat(CsvFormat.quoteIfNeeded("line\nbreak")).isEqualTo("\"line\nbreak\"");
    assertThat(CsvFormat.quoteIfNeeded("carriage\rreturn")).isEqualTo("\"carriage\rreturn\"");
    assertThat(CsvFormat.quoteIfNeeded("")).isEqualTo("\"\"");
    assertThat(CsvFormat.quoteIfNeeded("\\N")).isEqualTo("\"\\N\"");
    assertThat(CsvFormat.quoteIfNeeded("\\Nx")).isEqualTo("\\Nx");
    assertThat(CsvFormat.quoteIfNeeded(" lead")).isEqualTo("\" lead\"");
    assertThat(CsvFormat.quoteIfNeeded("trail\t")).isEqualTo("\"trail\t\"");
    assertThat(CsvFormat.quoteIfNeeded("in side")).isEqualTo("in side");
  }

  @Test
  void nullTypeIsAlwaysNull() {
    try (NullVector vector = new NullVector("v", 3)) {
      assertThat(CsvFormat.field(vector, 2, null)).isEqualTo("\\N");
    }
  }

  @Test
  void dictionaryEncodedColumnsPrintTheirValues() {
    DictionaryEncoding encoding = new DictionaryEncoding(7L, false, new ArrowType.Int(32, true));
    try (VarCharVector values = new VarCharVector("values", memory.allocator());
        IntVector indices = new IntVector("v", new FieldType(true, new ArrowType.Int(32, true), encoding),
            memory.allocator())) {
      values.allocateNew();
      values.setSafe(0, utf8("red"));
      values.setSafe(1, utf8("green, blue"));
      values.setValueCount(2);
      indices.allocateNew();
      indices.set(0, 1);
      indices.set(1, 0);
      indices.setNull(2);
      indices.setValueCount(3);
      DictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(new Dictionary(values, encoding));
      assertThat(CsvFormat.field(indices, 0, provider)).isEqualTo("\"green, blue\"");
      assertThat(CsvFormat.field(indices, 1, provider)).isEqualTo("red");
      assertThat(CsvFormat.field(indices, 2, provider)).isEqualTo("\\N");
    }
  }

  @Test
  void listsStructsAndMapsAsJsonText() {
    try (ListVector list = ListVector.empty("list", memory.allocator());
        StructVector struct = StructVector.empty("struct", memory.allocator());
        MapVector map = MapVector.empty("map", memory.allocator(), false)) {
      UnionListWriter writer = list.getWriter();
      writer.setPosition(0);
      writer.startList();
      writer.bigInt().writeBigInt(1);
      writer.writeNull();
      writer.bigInt().writeBigInt(3);
      writer.endList();
      writer.setPosition(1);
      writer.startList();
      writer.endList();
      list.setValueCount(3);
      assertThat(CsvFormat.field(list, 0, null)).isEqualTo("\"[1,null,3]\"");
      assertThat(CsvFormat.field(list, 1, null)).isEqualTo("[]");
      assertThat(CsvFormat.field(list, 2, null)).isEqualTo("\\N");

      VarCharVector name = struct.addOrGet("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), VarCharVector.class);
      Float8Vector score = struct.addOrGet("score", FieldType.nullable(new ArrowType.FloatingPoint(
          org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)), Float8Vector.class);
      struct.allocateNew();
      name.setSafe(0, utf8("say \"hi\"\n"));
      score.setSafe(0, Double.NaN);
      struct.setIndexDefined(0);
      struct.setValueCount(1);
      assertThat(CsvFormat.text(struct, 0, null)).isEqualTo("{\"name\":\"say \\\"hi\\\"\\n\",\"score\":\"NaN\"}");

      UnionMapWriter mapWriter = map.getWriter();
      mapWriter.setPosition(0);
      mapWriter.startMap();
      mapWriter.startEntry();
      mapWriter.key().integer().writeInt(1);
      mapWriter.value().integer().writeInt(10);
      mapWriter.endEntry();
      mapWriter.startEntry();
      mapWriter.key().integer().writeInt(2);
      mapWriter.value().integer().writeNull();
      mapWriter.endEntry();
      mapWriter.endMap();
      map.setValueCount(1);
      assertThat(CsvFormat.text(map, 0, null)).isEqualTo("{\"1\":10,\"2\":null}");
    }
  }

  @Test
  void rowsAndHeaderJoinFieldsWithCommas() {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(new org.apache.arrow.vector.types.pojo.Schema(List.of(
        org.apache.arrow.vector.types.pojo.Field.nullable("a b", new ArrowType.Int(64, true)),
        org.apache.arrow.vector.types.pojo.Field.nullable("c,d", ArrowType.Utf8.INSTANCE))), memory.allocator())) {
      root.allocateNew();
      ((BigIntVector) root.getVector(0)).set(0, 5);
      ((VarCharVector) root.getVector(1)).setSafe(0, utf8(""));
      root.setRowCount(1);
      StringBuilder text = new StringBuilder();
      CsvFormat.appendHeader(text, root.getSchema().getFields());
      text.append('|');
      CsvFormat.appendRow(text, root, 0, null);
      assertThat(text.toString()).isEqualTo("a b,\"c,d\"|5,\"\"");
    }
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
