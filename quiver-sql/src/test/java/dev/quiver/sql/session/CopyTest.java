package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.io.TableWriter;
import dev.quiver.io.formats.TableFormat;
import dev.quiver.io.formats.WriteOptions;
import dev.quiver.sql.SqlException;
import dev.quiver.sql.oracle.ArrowResults;
import dev.quiver.sql.oracle.DuckDbOracle;
import dev.quiver.sql.oracle.Result;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingTables;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code COPY ... TO 'file'}: every type written and read back through the session equals the
 * source; a query failing midway leaves the folder as it was; a malformed COPY names line:column.
 */
class CopyTest {
  private static final int ROWS = 20_000;
  private static final long SEED = 42;
  /** Every column but binary and float32 (nulls last): rows tie only when they are equal in all of them. */
  private static final String ORDER = Stream.of("sorted", "int8", "int16", "int32", "int64", "float64", "bool",
      "utf8", "category", "date32", "timestamp_ntz", "\"decimal\"").map(key -> key + " NULLS LAST")
      .collect(java.util.stream.Collectors.joining(", ", " ORDER BY ", ""));

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;
  private Path source;

  @BeforeEach
  void writeEveryTypeTable() throws IOException {
    source = directory.resolve("source").resolve("t.qvr");
    Files.createDirectories(source.getParent());
    try (QuiverWriter writer = QuiverWriter.create(source, TestingTables.schema(), memory.allocator())) {
      for (int start = 0; start < ROWS; start += 4_096) {
        try (VectorSchemaRoot batch = TestingTables.batch(memory.allocator(), start, Math.min(4_096, ROWS - start),
            SEED, 10)) {
          writer.write(batch);
        }
      }
    }
  }

  private QuiverSession session() throws IOException {
    QuiverSession session = QuiverSession.open(memory.allocator(), SessionOptions.defaults());
    session.register("t", source);
    return session;
  }

  static Result run(QuiverSession session, String sql) {
    try (SqlResult result = session.execute(sql)) {
      ArrowResults.Collector collector = new ArrowResults.Collector(result.schema());
      for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
        try (VectorSchemaRoot rows = batch) {
          collector.add(rows);
        }
      }
      return collector.result();
    }
  }

  /** A result as text: column names with types, and each value's text (binary as hex, NULL as null). */
  record Rows(List<String> columns, List<List<String>> values) {}

  static Rows text(QuiverSession session, String sql) {
    try (SqlResult result = session.execute(sql)) {
      List<String> columns = result.schema().getFields().stream().map(field -> field.getName() + " " + field.getType())
          .toList();
      List<List<String>> values = new ArrayList<>();
      for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
        try (VectorSchemaRoot rows = batch) {
          for (int row = 0; row < rows.getRowCount(); row++) {
            List<String> line = new ArrayList<>();
            for (FieldVector vector : rows.getFieldVectors()) {
              Object value = vector.getObject(row);
              line.add(value instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : String.valueOf(value));
            }
            values.add(line);
          }
        }
      }
      return new Rows(columns, values);
    }
  }

  private static String quoted(Path path) {
    return "'" + path.toString().replace("'", "''") + "'";
  }

  @ParameterizedTest
  @ValueSource(strings = {"qvr", "parquet", "arrow"})
  void everyTypeRoundTripsThroughABinaryFormat(String extension) throws IOException {
    Path out = directory.resolve("out." + extension);
    try (QuiverSession session = session()) {
      Result count = run(session, "COPY t TO " + quoted(out));
      assertThat(count.columnNames()).containsExactly("Count");
      assertThat(count.rows()).containsExactly(List.of((long) ROWS));
      Rows expected = text(session, "SELECT * FROM t" + ORDER);
      Rows actual = text(session, "SELECT * FROM " + quoted(out) + ORDER);
      assertThat(actual.columns()).isEqualTo(expected.columns());
      assertThat(actual.values()).hasSize(ROWS);
      for (int row = 0; row < ROWS; row++) {
        assertThat(actual.values().get(row)).as("row %d of %s", row, out).isEqualTo(expected.values().get(row));
      }
    }
    assertThat(leftovers()).as("temporary files").isEmpty();
  }

  /**
   * CSV carries text, so the columns come back with the types inference finds (narrow integers as
   * BIGINT, REAL and DECIMAL as DOUBLE, BINARY as its {@code \x} text); compared as the text of each
   * value.
   */
  @Test
  void everyTypeRoundTripsThroughCsvAsText() throws IOException {
    Path out = directory.resolve("out.csv");
    try (QuiverSession session = session()) {
      run(session, "COPY (SELECT * FROM t" + ORDER + ") TO " + quoted(out) + " (FORMAT csv, HEADER true)");
      Rows expected = text(session, "SELECT * FROM t" + ORDER);
      Rows actual = text(session, "SELECT * FROM " + quoted(out) + ORDER);
      assertThat(actual.columns()).contains("binary Utf8", "decimal FloatingPoint(DOUBLE)");
      assertThat(actual.values()).hasSize(ROWS);
      for (int row = 0; row < ROWS; row++) {
        List<String> want = expected.values().get(row);
        List<String> got = actual.values().get(row);
        for (int column = 0; column < want.size(); column++) {
          String wanted = want.get(column);
          if (expected.columns().get(column).startsWith("binary") && !wanted.equals("null")) {
            wanted = "\\x" + wanted; // docs/CSV.md: binary as \x and lowercase hex, read back as text
          }
          if (expected.columns().get(column).startsWith("decimal") && !wanted.equals("null")) {
            // a decimal's text reads back as DOUBLE: the same number, trailing zeros gone
            assertThat(new java.math.BigDecimal(got.get(column))).as("row %d decimal", row)
                .isEqualByComparingTo(new java.math.BigDecimal(wanted));
            continue;
          }
          assertThat(got.get(column)).as("row %d column %s", row, expected.columns().get(column))
              .isEqualTo(wanted);
        }
      }
    }
  }

  @Test
  void aQueryFailingMidwayLeavesTheFolderAsItWas() throws IOException {
    Path strings = directory.resolve("strings.arrow");
    Schema schema = new Schema(List.of(Field.nullable("s", ArrowType.Utf8.INSTANCE)));
    try (TableWriter writer = TableFormat.ARROW_FILE.openWriter(strings, schema, memory.allocator(),
        WriteOptions.defaults())) {
      for (int start = 0; start < 100_000; start += 8_192) {
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(schema, memory.allocator())) {
          VarCharVector vector = (VarCharVector) batch.getVector(0);
          int count = Math.min(8_192, 100_000 - start);
          vector.allocateNew(count);
          for (int i = 0; i < count; i++) {
            int row = start + i;
            vector.setSafe(i,
                (row == 50_000 ? "fifty thousand" : Integer.toString(row)).getBytes(StandardCharsets.UTF_8));
          }
          vector.setValueCount(count);
          batch.setRowCount(count);
          writer.write(batch);
        }
      }
      writer.commit();
    }
    Path existing = directory.resolve("existing.parquet");
    Files.writeString(existing, "an older file");
    List<String> before = listing();
    try (QuiverSession session = QuiverSession.open(memory.allocator(), SessionOptions.defaults().withThreads(1))) {
      for (String target : List.of("new.parquet", "new.qvr", "new.csv", "new.arrow", "existing.parquet")) {
        assertThatThrownBy(() -> run(session, "COPY (SELECT CAST(s AS INTEGER) AS n FROM " + quoted(strings) + ") TO "
            + quoted(directory.resolve(target))))
            .as(target).isInstanceOf(QuiverException.class)
            .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER))
            .hasMessageContaining("fifty thousand");
        assertThat(listing()).as("after COPY to " + target).isEqualTo(before);
      }
      // the rows before the bad one do copy: the failure is the bad value, not the query
      Result count = run(session, "COPY (SELECT CAST(s AS INTEGER) AS n FROM " + quoted(strings)
          + " WHERE s <> 'fifty thousand') TO " + quoted(existing));
      assertThat(count.rows()).containsExactly(List.of(99_999L));
    }
    assertThat(Files.readAllBytes(existing)).startsWith("PAR1".getBytes(StandardCharsets.US_ASCII));
  }

  /** DuckDB reads the Parquet file a COPY wrote and finds the rows Quiver's query gives. */
  @Test
  void duckDbReadsTheParquetFileAsTheQueryAnswers() throws Exception {
    Path out = directory.resolve("for duckdb's.parquet");
    String columns = "int8, int16, int32, int64, sorted, float32, float64, bool, utf8, category, date32, "
        + "timestamp_ntz, \"decimal\"";
    try (QuiverSession session = session(); DuckDbOracle duckDb = DuckDbOracle.inMemory(1)) {
      run(session, "COPY (SELECT " + columns + " FROM t WHERE int32 > 100) TO " + quoted(out));
      Result quiver = run(session, "SELECT " + columns + " FROM t WHERE int32 > 100" + ORDER);
      Result duck = duckDb.run("SELECT " + columns + " FROM read_parquet(" + quoted(out) + ")" + ORDER);
      assertThat(duck.columnNames()).isEqualTo(quiver.columnNames());
      assertThat(duck.rows()).hasSize(quiver.rows().size()).isNotEmpty();
      for (int row = 0; row < quiver.rows().size(); row++) {
        assertThat(duck.rows().get(row)).as("row %d", row).isEqualTo(quiver.rows().get(row));
      }
    }
  }

  /** CSV with another delimiter and no header, read by DuckDB with the same dialect. */
  @Test
  void csvWithADelimiterAndNoHeaderIsReadByDuckDb() throws Exception {
    Path out = directory.resolve("out.txt");
    String query = "SELECT int64, utf8 || '|x' AS piped, category, float64 FROM t WHERE int32 > 50000";
    try (QuiverSession session = session(); DuckDbOracle duckDb = DuckDbOracle.inMemory(1)) {
      run(session, "COPY (" + query + ") TO " + quoted(out) + " (FORMAT csv, HEADER false, DELIMITER '|')");
      assertThat(Files.readAllLines(out).get(0)).doesNotContain("int64").contains("|x\"|");
      Result quiver = run(session, "SELECT * FROM (" + query + ") q ORDER BY 1, 2, 3, 4");
      Result duck = duckDb.run("SELECT * FROM read_csv(" + quoted(out) + ", delim = '|', header = false, "
          + "allow_quoted_nulls = false, columns = {'int64': 'BIGINT', 'piped': 'VARCHAR', 'category': 'VARCHAR', "
          + "'float64': 'DOUBLE'}) ORDER BY 1, 2, 3, 4");
      assertThat(duck.rows()).hasSize(quiver.rows().size()).isNotEmpty();
      for (int row = 0; row < quiver.rows().size(); row++) {
        assertThat(duck.rows().get(row)).as("row %d", row).isEqualTo(quiver.rows().get(row));
      }
    }
  }

  @Test
  void aCancelledCopyLeavesNoFile() throws IOException {
    List<String> before = listing();
    try (QuiverSession session = session();
        SqlResult result = session.execute("COPY (SELECT a.utf8 FROM t a CROSS JOIN t b) TO "
            + quoted(directory.resolve("big.parquet")))) {
      assertThat(result.schema().getFields()).extracting(Field::getName).containsExactly("Count");
      result.cancel();
      assertThatThrownBy(result::next).isInstanceOf(QuiverException.class)
          .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.CANCELLED));
    }
    assertThat(listing()).isEqualTo(before);
  }

  private List<String> listing() throws IOException {
    try (Stream<Path> files = Files.walk(directory)) {
      return files.map(path -> directory.relativize(path) + " " + size(path)).sorted().toList();
    }
  }

  private static long size(Path path) {
    try {
      return Files.isDirectory(path) ? 0 : Files.size(path);
    } catch (IOException failure) {
      throw new java.io.UncheckedIOException(failure);
    }
  }

  private List<String> leftovers() throws IOException {
    try (Stream<Path> files = Files.walk(directory)) {
      return files.map(path -> path.getFileName().toString()).filter(name -> name.contains("quiver-tmp")).toList();
    }
  }

  @Test
  void malformedCopyNamesLineAndColumn() throws IOException {
    try (QuiverSession session = session()) {
      assertError(session, "COPY (SELECT 1) 'x.csv'", "line 1:17: expected TO after the query of COPY, found 'x.csv'");
      assertError(session, "COPY (SELECT 1)\n  TO 'x.txt'", "line 2:6: cannot tell which format to write 'x.txt'");
      assertError(session, "COPY (SELECT 1 TO 'x.csv'", "line 1:6: the '(' after COPY is never closed");
      assertError(session, "COPY () TO 'x.csv'", "line 1:6: COPY needs a query inside the parentheses");
      assertError(session, "COPY t TO x.csv", "line 1:11: expected the output file as a string after TO");
      assertError(session, "COPY t TO 'x.csv' (FORMAT xlsx)", "line 1:27: unknown COPY format 'xlsx'");
      assertError(session, "COPY t TO 'x.csv' (FORMAT csv,\n  COLOUR red)", "line 2:3: unknown COPY option COLOUR");
      assertError(session, "COPY t TO 'x.csv' (DELIMITER '||')", "line 1:30: DELIMITER takes one character");
      assertError(session, "COPY t TO 'x.csv' (HEADER maybe)", "line 1:27: HEADER takes true or false");
      assertError(session, "COPY t TO 'x.qvr' (HEADER true)", "line 1:27: HEADER, DELIMITER and NULLSTR apply to CSV");
      assertError(session, "COPY t TO 'x.csv' (FORMAT csv FORMAT csv)", "line 1:31: expected ',' or ')'");
      assertError(session, "COPY t TO 'x.csv' junk", "line 1:19: unexpected 'junk'");
      assertError(session, "COPY t FROM 'x.csv'",
          "line 1:8: COPY ... FROM (loading a file into a table) is not supported");
      assertError(session, "COPY TO 'x.csv'", "line 1:6: expected a query in parentheses or a table name after COPY");
      // errors inside the query are placed in the whole text
      assertError(session, "COPY (SELECT nope FROM t) TO 'x.csv'", "line 1:14: ");
      assertError(session, "COPY (\n  SELECT nope FROM t) TO 'x.csv'", "line 2:10: ");
      assertError(session, "COPY missing TO 'x.csv'", "line 1:6: ");
    }
    assertThat(listing()).noneMatch(line -> line.startsWith("x."));
    try (QuiverSession session = session()) {
      for (String target : List.of("missing/x.csv", "missing/x.qvr", "source")) {
        assertThatThrownBy(() -> run(session, "COPY t TO " + quoted(directory.resolve(target))
            + (target.equals("source") ? " (FORMAT csv)" : "")))
            .as(target).isInstanceOf(QuiverException.class).hasMessageContaining(target.equals("source")
                ? "is a folder" : "does not exist")
            .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER));
      }
    }
  }

  private static void assertError(QuiverSession session, String sql, String start) {
    assertThatThrownBy(() -> run(session, sql)).as(sql).isInstanceOf(SqlException.class).hasMessageStartingWith(start);
  }
}
