package dev.quiver.sql.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.io.csv.CsvColumnType;
import dev.quiver.io.csv.CsvReadOptions;
import dev.quiver.sql.oracle.ArrowResults;
import dev.quiver.sql.oracle.DuckDbOracle;
import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.Result;
import dev.quiver.sql.oracle.ResultComparison;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import dev.quiver.sql.session.SqlResult;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * CSV files by path in a query against DuckDB's {@code read_csv} of the same file: quoted fields
 * holding delimiters, quotes and line breaks, unicode headers and values, types inferred (integers,
 * doubles, dates, text); and ragged rows (fewer or more fields than the header), which both reject:
 * Quiver with a USER error naming the file and line.
 */
class CsvFilesTest {
  /** Quiver's dialect (docs/CSV.md) spelled out for DuckDB, whose sniffer may guess otherwise. */
  private static final String DIALECT = ", delim = ',', quote = '\"', escape = '\"', header = true";

  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();
  @TempDir
  Path folder;

  private Path csv(String name, String text) throws IOException {
    Path file = folder.resolve(name);
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  private static Result run(QuiverSession session, String sql) {
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

  private QuiverSession session() {
    return QuiverSession.open(allocator.allocator(), SessionOptions.defaults().withThreads(2));
  }

  private void assertSameAsDuckDb(Path file, String query) throws SQLException {
    try (DuckDbOracle oracle = DuckDbOracle.inMemory(); QuiverSession session = session()) {
      Result expected = oracle.run(String.format(query, "read_csv('" + file + "'" + DIALECT + ")"));
      Result actual = run(session, String.format(query, "'" + file + "'"));
      assertThat(expected.rowCount()).as(query).isPositive();
      ResultComparison.assertSameAnswer(query + " over " + file.getFileName(), expected, actual,
          OrderSpec.unordered(), null);
    }
  }

  @Test
  void quotedFieldsWithDelimitersQuotesAndLineBreaksAnswerAsDuckDb() throws Exception {
    Path file = csv("quoted.csv", "id,note,amount,shipped\n"
        + "1,\"a, b\",1.5,2024-01-31\n"
        + "2,\"she said \"\"hi\"\"\",-2.25,2024-02-29\n"
        + "3,\"two\nlines\",0.0,1999-12-31\n"
        + "4,plain,3e2,2000-01-01\n"
        + "6,,8.5,\n");
    assertSameAsDuckDb(file, "SELECT * FROM %s");
    assertSameAsDuckDb(file, "SELECT count(*), sum(amount), max(shipped), count(note), max(length(note)) FROM %s");
    assertSameAsDuckDb(file, "SELECT id FROM %s WHERE note LIKE '%%,%%' OR note LIKE '%%\"%%'");
  }

  /** A documented difference: DuckDB reads a quoted empty field as NULL, Quiver as the empty string. */
  @Test
  void aQuotedEmptyFieldIsTheEmptyStringAndAnUnquotedOneNull() throws Exception {
    Path file = csv("empty.csv", "id,note\n1,\"\"\n2,\n3,x\n");
    try (DuckDbOracle oracle = DuckDbOracle.inMemory(); QuiverSession session = session()) {
      String query = "SELECT id, note IS NULL, length(note) FROM %s ORDER BY id";
      assertThat(run(session, String.format(query, "'" + file + "'")).rows())
          .containsExactly(List.of(1L, false, 0L), java.util.Arrays.asList(2L, true, null), List.of(3L, false, 1L));
      Result duck = oracle.run(String.format(query, "read_csv('" + file + "'" + DIALECT + ")"));
      assertThat(duck.rows().get(0).get(1)).as("DuckDB's NULL for a quoted empty field").isEqualTo(true);
      assertThat(duck.rows().subList(1, 3)).isEqualTo(
          List.of(java.util.Arrays.asList(2L, true, null), List.of(3L, false, 1L)));
    }
  }

  @Test
  void unicodeHeadersAndValuesAnswerAsDuckDb() throws Exception {
    Path file = csv("unicode.csv", "名前,café,Ωμέγα\n"
        + "東京,1,é\u0301\n"
        + "\"😀, smile\",2,ß\n"
        + "Zürich,3,\"\u00a0space\"\n"
        + "naïve,4,\u2028sep\n");
    assertSameAsDuckDb(file, "SELECT * FROM %s");
    assertSameAsDuckDb(file, "SELECT \"名前\", \"café\" * 2, lower(\"Ωμέγα\") FROM %s WHERE \"café\" >= 2");
  }

  @Test
  void givenColumnTypesOverrideInferenceAsDuckDbTypesDo() throws Exception {
    Path file = csv("zips.csv", "zip,amount,note\n02134,1,x\n90210,2,y\n10001,3,\n");
    try (DuckDbOracle oracle = DuckDbOracle.inMemory(); QuiverSession session = session()) {
      session.catalog().csvOptions(CsvReadOptions.defaults().withColumnType("zip", CsvColumnType.UTF8)
          .withColumnType("amount", CsvColumnType.FLOAT64));
      String query = "SELECT zip, amount / 2, note FROM %s";
      Result expected = oracle.run(String.format(query,
          "read_csv('" + file + "'" + DIALECT + ", types = {'zip': 'VARCHAR', 'amount': 'DOUBLE'})"));
      Result actual = run(session, String.format(query, "'" + file + "'"));
      ResultComparison.assertSameAnswer(query, expected, actual, OrderSpec.unordered(), null);
      assertThat(actual.rows()).extracting(row -> row.get(0)).containsExactlyInAnyOrder("02134", "90210", "10001");

      session.catalog().csvOptions(CsvReadOptions.defaults().withColumnType("missing", CsvColumnType.UTF8));
      assertThatThrownBy(() -> run(session, "SELECT * FROM '" + file + "'"))
          .isInstanceOf(QuiverException.class)
          .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER))
          .hasMessageContaining("missing");
    }
  }

  @Test
  void raggedRowsAreAUserErrorNamingTheLine() throws Exception {
    Path fewer = csv("fewer.csv", "a,b,c\n1,2,3\n4,5\n7,8,9\n");
    Path more = csv("more.csv", "a,b,c\n1,2,3\n4,5,6\n7,8,9,10\n");
    try (DuckDbOracle oracle = DuckDbOracle.inMemory(); QuiverSession session = session()) {
      for (Path file : List.of(fewer, more)) {
        try {
          System.out.println("DUCK " + file.getFileName() + " "
              + oracle.run("SELECT * FROM read_csv('" + file + "'" + DIALECT + ")").rows());
        } catch (SQLException e) {
          System.out.println("DUCK " + file.getFileName() + " " + e.getMessage());
        }
        assertThatThrownBy(() -> run(session, "SELECT * FROM '" + file + "'"))
            .isInstanceOf(QuiverException.class)
            .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER))
            .hasMessageContaining(file.getFileName().toString())
            .hasMessageContaining(file == fewer ? "line 3" : "line 4");
      }
    }
  }
}
