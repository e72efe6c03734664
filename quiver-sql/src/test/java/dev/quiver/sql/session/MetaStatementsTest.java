package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.QuiverException;
import dev.quiver.io.csv.CsvFormat;
import dev.quiver.testing.TestingAllocator;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESCRIBE, SHOW TABLES, SUMMARIZE and information_schema give DuckDB's answers for the same table:
 * DuckDB writes a Parquet file, Quiver registers it and DuckDB loads it as a table of the same name;
 * both engines' columns (names, SQL types) and rows are compared as text.
 */
class MetaStatementsTest {
  private static final String TABLE_ROWS = "SELECT * FROM (VALUES"
      + " (1, 'a', 1.50::DECIMAL(15,2), DATE '2024-01-01', TIMESTAMP '2024-01-01 10:00:00', true, 2.5::DOUBLE,"
      + " 10::BIGINT),"
      + " (2, NULL, 3.25, NULL, NULL, false, NULL, 20),"
      + " (3, 'b', 7.00, DATE '2023-05-06', TIMESTAMP '2025-02-03 04:05:06', NULL, -1.25, 20),"
      + " (4, 'a', NULL, DATE '2024-01-01', TIMESTAMP '2024-01-01 10:00:00', true, 8.0, NULL),"
      + " (5, 'c', 2.00, DATE '2022-12-31', TIMESTAMP '2020-01-01 00:00:00', false, 0.5, 30))"
      + " v(id, name, price, d, ts, flag, x, big)";

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;
  private Connection duckdb;
  private QuiverSession session;

  @BeforeEach
  void load() throws Exception {
    duckdb = DriverManager.getConnection("jdbc:duckdb:");
    Path file = directory.resolve("t.parquet");
    try (Statement statement = duckdb.createStatement()) {
      statement.execute("CREATE TABLE t AS " + TABLE_ROWS);
      statement.execute("COPY t TO '" + file + "' (FORMAT parquet)");
      statement.execute("CREATE TABLE u AS SELECT id, name FROM t");
      statement.execute("COPY u TO '" + directory.resolve("u.parquet") + "' (FORMAT parquet)");
    }
    session = QuiverSession.open(memory.allocator(), SessionOptions.defaults().withThreads(1));
    session.register("t", file);
    session.register("u", directory.resolve("u.parquet"));
  }

  @AfterEach
  void close() throws Exception {
    session.close();
    duckdb.close();
  }

  @Test
  void describeTableEqualsDuckDb() throws Exception {
    assertSame("DESCRIBE t");
    assertSame("describe U");
    assertSame("SHOW t");
    assertSame("DESCRIBE \"t\";");
  }

  @Test
  void describeQueryDescribesItsColumnsWithoutRunningIt() throws Exception {
    assertSame("DESCRIBE SELECT id, name, price, x + 1 AS y, d, ts FROM t");
    assertSame("DESCRIBE SELECT count(*) AS n, avg(id) AS a, max(big) AS m FROM t");
    // a query that would fail when run (division by zero on every row) is only planned
    List<String> described = quiver("DESCRIBE SELECT id / (id - id) AS never FROM t");
    assertThat(described).containsExactly("never\tINTEGER\tYES\tNULL\tNULL\tNULL");
  }

  @Test
  void describeFilePathEqualsDuckDb() throws Exception {
    String path = directory.resolve("t.parquet").toString();
    assertThat(quiver("DESCRIBE '" + path + "'")).isEqualTo(duck("DESCRIBE '" + path + "'"));
  }

  @Test
  void showTablesEqualsDuckDb() throws Exception {
    assertSame("SHOW TABLES");
    assertSame("SHOW ALL TABLES");
  }

  @Test
  void summarizeEqualsDuckDbExceptApproximations() throws Exception {
    List<String> ours = quiver("SUMMARIZE t");
    List<String> theirs = duck("SUMMARIZE t");
    assertThat(ours).hasSameSizeAs(theirs);
    assertThat(names(session.execute("SUMMARIZE t"))).isEqualTo(duckNames("SUMMARIZE t"));
    for (int row = 0; row < ours.size(); row++) {
      String[] mine = ours.get(row).split("\t", -1);
      String[] duck = theirs.get(row).split("\t", -1);
      if (mine[0].equals("ts")) {
        // timestamps as text are the timestamp helper's part of issue 25 (CsvFormat.text): compared once it lands
        assertThat(mine[1]).isEqualTo(duck[1]);
        continue;
      }
      // column_name, column_type, min, max, approx_unique (exact here, DuckDB's estimate is exact this small)
      for (int column : new int[] {0, 1, 2, 3, 4, 10, 11}) {
        assertThat(mine[column]).as(ours.get(row) + " column " + column).isEqualTo(duck[column]);
      }
      // avg and std of numbers: the same doubles up to rounding
      for (int column : new int[] {5, 6}) {
        if (duck[column].equals("NULL") || !Character.isDigit(duck[column].charAt(duck[column].length() - 1))
            || duck[column].contains(":")) {
          continue;
        }
        assertThat(Double.parseDouble(mine[column])).as(ours.get(row) + " column " + column)
            .isCloseTo(Double.parseDouble(duck[column]), org.assertj.core.data.Offset.offset(1e-9));
      }
    }
  }

  @Test
  void summarizeQuantilesAreExactDiscreteQuantiles() throws Exception {
    List<String> summary = quiver("SUMMARIZE SELECT id, x FROM t");
    // id 1..5: positions floor(4 * q) = 1, 2, 3 → 2, 3, 4
    assertThat(summary.get(0)).isEqualTo("id\tINTEGER\t1\t5\t5\t3.0\t1.5811388300841898\t2\t3\t4\t5\t0.00");
    // x non-NULL sorted -1.25, 0.5, 2.5, 8.0: positions floor(3 * q) = 0, 1, 2
    assertThat(summary.get(1).split("\t")[7]).isEqualTo("-1.25");
    assertThat(summary.get(1).split("\t")[8]).isEqualTo("0.5");
    assertThat(summary.get(1).split("\t")[9]).isEqualTo("2.5");
    assertThat(summary.get(1).split("\t")[11]).isEqualTo("20.00");
    // quantiles equal DuckDB's exact quantile_disc
    assertThat(duck("SELECT quantile_disc(id, 0.25)::VARCHAR, quantile_disc(id, 0.5)::VARCHAR,"
        + " quantile_disc(id, 0.75)::VARCHAR FROM t")).containsExactly("2\t3\t4");
  }

  @Test
  void informationSchemaEqualsDuckDb() throws Exception {
    assertSame("SELECT * FROM information_schema.tables ORDER BY table_name");
    assertSame("SELECT * FROM information_schema.columns ORDER BY table_name, ordinal_position");
    assertSame("SELECT table_name, column_name, data_type FROM information_schema.columns"
        + " WHERE data_type LIKE 'DEC%' OR column_name = 'name' ORDER BY table_name DESC, column_name");
    assertSame("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'main'");
    assertSame("DESCRIBE information_schema.tables");
  }

  @Test
  void unknownTablesAreTypedErrorsNamingTheClosest() {
    assertThatThrownBy(() -> session.execute("DESCRIBE tt")).isInstanceOf(QuiverException.class)
        .hasMessageContaining("table 'tt' not found").hasMessageContaining("t");
    assertThatThrownBy(() -> session.execute("SUMMARIZE nothing_here")).isInstanceOf(QuiverException.class)
        .hasMessageContaining("not found");
    assertThatThrownBy(() -> session.execute("DESCRIBE SELECT nope FROM t")).isInstanceOf(QuiverException.class)
        .hasMessageContaining("line 1:17");
  }

  private void assertSame(String sql) throws Exception {
    try (SqlResult result = session.execute(sql)) {
      assertThat(names(result)).as(sql).isEqualTo(duckNames(sql));
    }
    assertThat(quiver(sql)).as(sql).isEqualTo(duck(sql));
  }

  private static List<String> names(SqlResult result) {
    List<String> names = new ArrayList<>();
    for (Field field : result.schema().getFields()) {
      names.add(field.getName() + ":" + dev.quiver.sql.catalog.SqlTypeNames.of(field));
    }
    return names;
  }

  private List<String> duckNames(String sql) throws Exception {
    try (Statement statement = duckdb.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
      ResultSetMetaData metadata = rows.getMetaData();
      List<String> names = new ArrayList<>();
      for (int i = 1; i <= metadata.getColumnCount(); i++) {
        String type = metadata.getColumnTypeName(i);
        names.add(metadata.getColumnName(i) + ":" + (type.equals("VARCHAR[]") ? "VARCHAR" : type));
      }
      return names;
    }
  }

  private List<String> quiver(String sql) {
    List<String> lines = new ArrayList<>();
    try (SqlResult result = session.execute(sql)) {
      for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
        try (VectorSchemaRoot rows = batch) {
          for (int row = 0; row < rows.getRowCount(); row++) {
            List<String> cells = new ArrayList<>();
            for (int column = 0; column < rows.getFieldVectors().size(); column++) {
              String text = CsvFormat.text(rows.getVector(column), row, null);
              cells.add(text == null ? "NULL" : text);
            }
            lines.add(String.join("\t", cells));
          }
        }
      }
    }
    return lines;
  }

  private List<String> duck(String sql) throws Exception {
    List<String> lines = new ArrayList<>();
    try (Statement statement = duckdb.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
      int columns = rows.getMetaData().getColumnCount();
      while (rows.next()) {
        List<String> cells = new ArrayList<>();
        for (int column = 1; column <= columns; column++) {
          String text = rows.getString(column);
          cells.add(text == null ? "NULL" : text);
        }
        lines.add(String.join("\t", cells));
      }
    }
    return lines;
  }
}
