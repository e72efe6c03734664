package dev.quiver.io.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class CsvSchemaInferenceTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private static CsvSchemaInference.Columns infer(String text, long rowLimit) throws IOException {
    try (CsvRecordReader reader = new CsvRecordReader(new StringReader(text), "t.csv")) {
      return CsvSchemaInference.infer(reader, CsvReadOptions.defaults().withInferRows(rowLimit));
    }
  }

  @Test
  void infersEachTypeFromItsValues() throws IOException {
    CsvSchemaInference.Columns columns = infer(
        "i,f,b,d,tz,local,s,n\n"
            + "1,1.5,true,2024-01-02,2024-01-02T03:04:05Z,2024-01-02T03:04:05,x,\\N\n"
            + "-20,1e3,FALSE,2024-02-29,2024-01-02 03:04:05.123456+02:00,2024-01-02 03:04,y,\n",
        0);
    assertThat(columns.names()).containsExactly("i", "f", "b", "d", "tz", "local", "s", "n");
    assertThat(columns.types()).containsExactly(
        CsvColumnType.INT64, CsvColumnType.FLOAT64, CsvColumnType.BOOLEAN, CsvColumnType.DATE,
        CsvColumnType.TIMESTAMP_UTC, CsvColumnType.TIMESTAMP_LOCAL, CsvColumnType.UTF8, CsvColumnType.NULL);
    Schema schema = columns.schema();
    assertThat(schema.getFields()).allMatch(field -> field.isNullable());
    assertThat(schema.findField("tz").getType()).isEqualTo(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"));
    assertThat(schema.findField("local").getType()).isEqualTo(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null));
    assertThat(schema.findField("n").getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
  }

  @Test
  void widensIntegersToFloatsAndMixturesToText() throws IOException {
    CsvSchemaInference.Columns columns = infer(
        "a,b,c,d,e\n1,1,true,2024-01-01,5\n2.5,x,1,2024-01-01T00:00:00,9223372036854775808\n3,2,false,2024-01-02,6\n",
        0);
    assertThat(columns.types()).containsExactly(
        CsvColumnType.FLOAT64, CsvColumnType.UTF8, CsvColumnType.UTF8, CsvColumnType.UTF8, CsvColumnType.DECIMAL);
  }

  @Test
  void integersTooWideForInt64AreDecimalsUpTo38DigitsThenText() throws IOException {
    String digits38 = "9".repeat(38);
    CsvSchemaInference.Columns columns = infer("wide,int_first,widest,with_float,float_first,negative\n"
        + "99999999999999999999999,1," + digits38 + "0,99999999999999999999999,1.5,-9223372036854775809\n"
        + "1,99999999999999999999999," + digits38 + ",1.5,99999999999999999999999,-" + digits38 + "\n", 0);
    assertThat(columns.types()).containsExactly(CsvColumnType.DECIMAL, CsvColumnType.DECIMAL, CsvColumnType.UTF8,
        CsvColumnType.UTF8, CsvColumnType.UTF8, CsvColumnType.DECIMAL);
    assertThat(columns.schema().findField("wide").getType()).isEqualTo(new ArrowType.Decimal(38, 0, 128));
  }

  @Test
  void duplicateColumnNamesAreRefusedNamingTheFileAndColumn() {
    assertThatThrownBy(() -> infer("id,a,b,a\n1,2,3,4\n", 0))
        .isInstanceOf(QuiverException.class)
        .hasMessage("t.csv line 1 column 4: duplicate column name 'a' (also column 2); every column needs its own name")
        .extracting(failure -> ((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER);
  }

  @Test
  void givenTypesAreKeptAndTheOthersInferred() throws IOException {
    CsvReadOptions options = CsvReadOptions.defaults()
        .withColumnType("zip", CsvColumnType.parse("utf8"))
        .withColumnType("amount", CsvColumnType.parse("float64"));
    try (CsvRecordReader reader = new CsvRecordReader(new StringReader("zip,amount,n\n02134,7,1\n10001,8,2\n"),
        "t.csv")) {
      CsvSchemaInference.Columns columns = CsvSchemaInference.infer(reader, options);
      assertThat(columns.types()).containsExactly(CsvColumnType.UTF8, CsvColumnType.FLOAT64, CsvColumnType.INT64);
      assertThat(columns.given()).containsExactly(true, true, false);
    }
    CsvReadOptions unknown = CsvReadOptions.defaults().withColumnType("price", CsvColumnType.INT64);
    assertThatThrownBy(
        () -> CsvSchemaInference.infer(new CsvRecordReader(new StringReader("a,b\n1,2\n"), "t.csv"), unknown))
        .isInstanceOf(QuiverException.class)
        .hasMessage("t.csv: no column price to give type Int64; the header has 2 columns");
    assertThatThrownBy(() -> CsvColumnType.parse("money"))
        .isInstanceOf(QuiverException.class).hasMessageStartingWith("unknown CSV column type 'money'");
  }

  @Test
  void keepsTextThatOnlyLooksLikeAType() throws IOException {
    CsvSchemaInference.Columns columns = infer(
        "zip,day,when,spaced,precise\n02134,2024-02-30,2024-01-02T03:04:05+bogus, 5,2024-01-02T03:04:05.123456789Z\n",
        0);
    assertThat(columns.types()).containsOnly(CsvColumnType.UTF8);
  }

  @Test
  void wrongFieldCountNamesFileLineAndColumn() {
    assertThatThrownBy(() -> infer("a,b,c\n1,2,3\n4,5\n", 0))
        .isInstanceOf(QuiverException.class)
        .hasMessage("t.csv line 3 column 3 (c): missing: the line has 2 fields, the header 3");
    assertThatThrownBy(() -> infer("a,b\n1,2\n\"multi\nline\",2\n3,4,5\n", 0))
        .isInstanceOf(QuiverException.class)
        .hasMessage("t.csv line 5 column 3: extra field: the line has 3 fields, the header 2");
  }

  @Test
  void emptyInputIsAClearError() {
    assertThatThrownBy(() -> infer("", 0)).isInstanceOf(QuiverException.class)
        .hasMessageContaining("t.csv: the CSV input is empty");
  }

  @Test
  void readsTypedValuesIntoVectors() throws IOException {
    Path csv = write("i,f,b,d,tz,local,s\n"
        + "7,2.5,true,2024-01-02,2024-01-02T03:04:05.5+01:00,1999-12-31T23:59:59.000001,\"a,b\"\n"
        + "\\N,\\N,\\N,\\N,\\N,\\N,\"\\N\"\n");
    try (
        CsvTableReader reader = CsvTableReader.open(csv, memory.allocator(), 10,
            CsvReadOptions.defaults().withInferRows(0));
        VectorSchemaRoot batch = reader.next()) {
      VectorSchemaRoot root = batch;
      assertThat(root.getRowCount()).isEqualTo(2);
      assertThat(((BigIntVector) root.getVector("i")).get(0)).isEqualTo(7L);
      assertThat(((Float8Vector) root.getVector("f")).get(0)).isEqualTo(2.5);
      assertThat(((BitVector) root.getVector("b")).get(0)).isEqualTo(1);
      assertThat(((DateDayVector) root.getVector("d")).get(0)).isEqualTo((int) LocalDate.of(2024, 1, 2).toEpochDay());
      Instant instant = Instant.parse("2024-01-02T02:04:05.5Z");
      assertThat(((TimeStampVector) root.getVector("tz")).get(0))
          .isEqualTo(instant.getEpochSecond() * 1_000_000 + 500_000);
      assertThat(((TimeStampVector) root.getVector("local")).get(0))
          .isEqualTo(Instant.parse("1999-12-31T23:59:59.000001Z").getEpochSecond() * 1_000_000 + 1);
      assertThat(((VarCharVector) root.getVector("s")).getObject(0).toString()).isEqualTo("a,b");
      for (String column : new String[] {"i", "f", "b", "d", "tz", "local"}) {
        assertThat(root.getVector(column).isNull(1)).as(column).isTrue();
      }
      assertThat(((VarCharVector) root.getVector("s")).getObject(1).toString()).isEqualTo("\\N");
    }
  }

  @Test
  void cutsTheInputIntoBatchesOfTheGivenSize() throws IOException {
    StringBuilder text = new StringBuilder("n\n");
    for (int i = 0; i < 25; i++) {
      text.append(i).append('\n');
    }
    Path csv = write(text.toString());
    try (CsvTableReader reader = CsvTableReader.open(csv, memory.allocator(), 10,
        CsvReadOptions.defaults().withInferRows(0))) {
      int[] sizes = new int[4];
      for (int i = 0; i < 4; i++) {
        try (VectorSchemaRoot batch = reader.next()) {
          sizes[i] = batch == null ? -1 : batch.getRowCount();
        }
      }
      assertThat(sizes).containsExactly(10, 10, 5, -1);
    }
  }

  @Test
  void aLaterValueThatDoesNotFitALimitedInferenceNamesFileLineAndColumn() throws IOException {
    Path csv = write("id,price\n1,2\n2,3\n3,cheap\n");
    try (CsvTableReader reader = CsvTableReader.open(csv, memory.allocator(), 10,
        CsvReadOptions.defaults().withInferRows(2))) {
      assertThatThrownBy(reader::next)
          .isInstanceOf(QuiverException.class)
          .hasMessageStartingWith(csv + " line 4 column 2 (price): 'cheap' does not fit type Int64");
    }
    try (
        CsvTableReader reader = CsvTableReader.open(csv, memory.allocator(), 10,
            CsvReadOptions.defaults().withInferRows(0));
        VectorSchemaRoot batch = reader.next()) {
      assertThat(reader.schema().findField("price").getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
      assertThat(batch.getRowCount()).isEqualTo(3);
    }
  }

  private Path write(String text) throws IOException {
    Path csv = directory.resolve("input.csv");
    Files.writeString(csv, text, StandardCharsets.UTF_8);
    return csv;
  }
}
