package dev.quiver.sql.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.sql.oracle.DuckDbOracle;
import dev.quiver.sql.oracle.Result;
import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import dev.quiver.sql.session.SqlResult;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * CSV that COPY writes: a NULL is an empty field (or COPY's NULLSTR), an empty string {@code ""};
 * DuckDB's read_csv reads the nulls back as NULL and Quiver reads back what it wrote. CSV reading
 * sniffs the delimiter among {@code ,} {@code ;} {@code |} and tab.
 */
class CsvNullAndDelimiterTest {
  private static final String ROWS = "SELECT * FROM (VALUES (1, 'x', DATE '2024-01-02', 1.5),"
      + " (CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR), CAST(NULL AS DATE), CAST(NULL AS DOUBLE)),"
      + " (3, 'a;b|c', DATE '2024-03-04', 2.0)) t(i, s, d, f)";

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void nullsAreEmptyFieldsThatDuckDbAndQuiverReadAsNull() throws IOException, SQLException {
    Path file = directory.resolve("nulls.csv");
    try (QuiverSession session = QuiverSession.open(memory.allocator(), SessionOptions.defaults())) {
      drain(session, "COPY (" + ROWS + ") TO '" + file + "'");
      assertThat(Files.readAllLines(file, StandardCharsets.UTF_8)).startsWith("i,s,d,f")
          .containsExactlyInAnyOrder("i,s,d,f", "1,x,2024-01-02,1.5", ",,,", "3,a;b|c,2024-03-04,2.0");
      assertThat(rows(session, "SELECT count(*) FROM '" + file + "' WHERE i IS NULL AND s IS NULL AND d IS NULL"
          + " AND f IS NULL")).containsExactly("1");
    }
    try (DuckDbOracle duckDb = DuckDbOracle.inMemory(1)) {
      Result result = duckDb.run("SELECT count(*), count(i), count(s), count(d), count(f), sum(i)"
          + " FROM read_csv('" + file + "')");
      assertThat(result.rows().get(0)).map(String::valueOf).containsExactly("3", "2", "2", "2", "2", "4");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {";", "|", "\t", ","})
  void theDelimiterIsSniffed(String delimiter) throws IOException, SQLException {
    Path file = directory.resolve("sniffed.csv");
    try (QuiverSession session = QuiverSession.open(memory.allocator(), SessionOptions.defaults())) {
      drain(session, "COPY (" + ROWS + ") TO '" + file + "' (DELIMITER '" + delimiter + "', NULLSTR '\\N')");
      assertThat(Files.readAllLines(file).get(0)).isEqualTo(String.join(delimiter, "i", "s", "d", "f"));
      assertThat(rows(session, "SELECT i, s, CAST(d AS VARCHAR), f FROM '" + file + "' ORDER BY i NULLS LAST"))
          .containsExactly("1|x|2024-01-02|1.5", "3|a;b|c|2024-03-04|2.0", "null|null|null|null");
    }
    try (DuckDbOracle duckDb = DuckDbOracle.inMemory(1)) {
      Result result = duckDb.run("SELECT count(i), max(s) FROM read_csv('" + file + "', nullstr = '\\N')");
      assertThat(result.rows().get(0)).map(String::valueOf).containsExactly("2", "x");
    }
  }

  @Test
  void aSingleColumnStaysOneColumn() throws IOException {
    Path file = directory.resolve("one.csv");
    Files.writeString(file, "name\na;b\nc|d\n", StandardCharsets.UTF_8);
    try (QuiverSession session = QuiverSession.open(memory.allocator(), SessionOptions.defaults())) {
      assertThat(rows(session, "SELECT name FROM '" + file + "' ORDER BY name")).containsExactly("a;b", "c|d");
    }
  }

  private static void drain(QuiverSession session, String sql) {
    try (SqlResult result = session.execute(sql)) {
      for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
        batch.close();
      }
    }
  }

  /** Each row's values' Arrow text joined by '|'. */
  private static List<String> rows(QuiverSession session, String sql) {
    List<String> rows = new ArrayList<>();
    try (SqlResult result = session.execute(sql)) {
      for (VectorSchemaRoot next = result.next(); next != null; next = result.next()) {
        try (VectorSchemaRoot batch = next) {
          for (int row = 0; row < batch.getRowCount(); row++) {
            List<String> values = new ArrayList<>();
            for (FieldVector vector : batch.getFieldVectors()) {
              values.add(String.valueOf(vector.getObject(row)));
            }
            rows.add(String.join("|", values));
          }
        }
      }
    }
    return rows;
  }
}
