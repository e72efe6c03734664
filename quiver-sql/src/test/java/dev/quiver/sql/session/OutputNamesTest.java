package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Output column names as DuckDB gives them (never {@code EXPR$0}): each select item's name equals DuckDB's. */
class OutputNamesTest {
  private static final List<String> ITEMS = List.of("count(*)", "count(x)", "sum(x)", "avg(x)", "min(x)", "max(x)",
      "count(DISTINCT x)", "x + 1", "x - 1", "x * 2", "x / 2", "x % 2", "8", "1.5", "'a'", "true", "NULL", "-x",
      "x::VARCHAR", "CAST(x AS BIGINT)", "upper('a')", "lower(s)", "length(s)", "s || 'b'", "coalesce(x, 1)",
      "abs(x)", "round(x, 1)", "x > 1", "x = 1", "x <> 1", "x >= 1 AND x < 3", "x < 1 OR x > 2", "NOT (x > 1)",
      "x IS NULL", "x IS NOT NULL", "x BETWEEN 1 AND 2", "s LIKE 'a%'", "x IN (1, 2)", "substring(s, 1, 2)",
      "DATE '2024-01-01'", "greatest(x, 2)", "t.x", "nullif(x, 1)", "CASE WHEN x > 1 THEN 1 ELSE 0 END",
      "x * (x + 1)", "x NOT IN (1, 2)", "s NOT LIKE 'a'", "-1", "CAST(1 AS INT)", "concat(s, 'x')", "sum(x) + 1",
      "'it''s'", "x - -1", "x // 2", "x NOT BETWEEN 1 AND 2", "EXTRACT(year FROM DATE '2024-01-01')",
      "extract(month FROM DATE '2024-01-01')", "EXTRACT(dow FROM DATE '2024-01-01')",
      "EXTRACT(quarter FROM DATE '2024-01-01')", "trim(s, 'a')", "trim(s)", "TRIM(LEADING 'x' FROM s)",
      "TRIM(BOTH 'x' FROM s)", "ltrim(s)", "x NOT IN (1)", "NOT x IS NULL");

  @Test
  void namesEqualDuckDbs() throws Exception {
    String query = "SELECT " + String.join(", ", ITEMS) + " FROM (VALUES (1, 'a')) t(x, s) GROUP BY x, s";
    List<String> duckDb = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(query)) {
      ResultSetMetaData metadata = rows.getMetaData();
      for (int column = 1; column <= metadata.getColumnCount(); column++) {
        duckDb.add(metadata.getColumnName(column));
      }
    }
    List<String> quiver;
    try (SessionRunner engine = new SessionRunner(SessionOptions.defaults().withThreads(1))) {
      quiver = engine.run(query).columnNames();
    }
    assertThat(quiver).hasSize(ITEMS.size());
    for (int i = 0; i < ITEMS.size(); i++) {
      assertThat(quiver.get(i)).as(ITEMS.get(i)).isEqualTo(duckDb.get(i));
    }
  }

  /** Window calls: partitions, orders, frames (the default one left out), named windows written out. */
  @Test
  void windowCallsAreNamedAsDuckDbNamesThem() throws Exception {
    String query = "SELECT sum(x) OVER (ORDER BY x ROWS 1 PRECEDING), sum(x) OVER (PARTITION BY x % 2, x ORDER BY x"
        + " DESC, x NULLS FIRST), max(x) OVER (ORDER BY x ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING),"
        + " first_value(x) OVER (ORDER BY x + 1), count(x) OVER (ORDER BY x), count(*) OVER w, row_number() OVER (),"
        + " sum(x) OVER (ORDER BY x RANGE UNBOUNDED PRECEDING), lag(x, 2, 0) OVER (w ORDER BY x DESC),"
        + " avg(x) OVER (ORDER BY x RANGE BETWEEN 1 PRECEDING AND 2 FOLLOWING)"
        + " FROM (VALUES (1), (2), (3)) t(x) WINDOW w AS (PARTITION BY x)";
    List<String> duckDb = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(query)) {
      ResultSetMetaData metadata = rows.getMetaData();
      for (int column = 1; column <= metadata.getColumnCount(); column++) {
        duckDb.add(metadata.getColumnName(column));
      }
    }
    try (SessionRunner engine = new SessionRunner(SessionOptions.defaults().withThreads(1))) {
      assertThat(engine.run(query).columnNames()).isEqualTo(duckDb);
    }
  }

  @Test
  void doubleSlashKeepsTheNamesAfterIt() throws Exception {
    try (SessionRunner engine = new SessionRunner(SessionOptions.defaults().withThreads(1))) {
      assertThat(engine.run("SELECT 7 // 2 AS y, 8").columnNames()).containsExactly("y", "8");
    }
  }
}
