package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.RandomTable;
import dev.quiver.sql.oracle.RandomTables;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQL people type, in DuckDB's dialect: every query's answer equals DuckDB's (the same text run on
 * both engines). Names DuckDB leaves free ({@code value}, {@code year}, {@code date}, ...), string
 * literals as VARCHAR (never blank-padded CHAR), {@code //}, {@code ::} and {@code TRY_CAST}.
 */
class DialectTest {
  @TempDir
  Path directory;

  private static final List<String> NON_RESERVED_NAMES = List.of(
      "SELECT language, year, month, day, value, prev, dec FROM (VALUES (1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12,"
          + " 13, 14)) t(language, year, month, day, value, prev, dec) ORDER BY value",
      "SELECT date, time, timestamp, interval, user FROM (VALUES (1, 2, 3, 4, 5)) t(date, time, timestamp,"
          + " interval, user) WHERE date = 1 AND user > 2 ORDER BY date",
      "SELECT date, date + INTERVAL '1' DAY AS later, CAST(date AS VARCHAR) AS text FROM (VALUES (DATE '2024-01-31'))"
          + " t(date) WHERE date > DATE '2024-01-01'",
      "SELECT k AS year, count(*) AS value FROM t1 GROUP BY year ORDER BY year LIMIT 5");

  private static final List<String> VARCHAR_LITERALS = List.of(
      "SELECT CASE WHEN a THEN 'on' ELSE 'off' END || '|' AS x FROM (VALUES (true), (false)) t(a) ORDER BY x",
      "SELECT x || '|' AS x, length(x) AS n FROM (VALUES ('a'), ('abc')) t(x) ORDER BY x",
      "SELECT x || '|' AS x FROM (SELECT 'a' AS x UNION ALL SELECT 'abc') t ORDER BY x",
      "SELECT x, x IN ('a', 'abc') AS i, x = 'a  ' AS padded FROM (VALUES ('a'), ('abc')) t(x) ORDER BY x",
      "SELECT coalesce(NULL, 'ab', 'abcd') || '|' AS y, 'ab' = 'ab   ' AS e, 'ab' < 'ab ' AS shorter");

  private static final List<String> OPERATORS = List.of(
      "SELECT 7 // 2 AS y, 8 AS z",
      "SELECT x // 2 AS y, -x // 2 AS z FROM (VALUES (7), (8), (-9)) t(x) ORDER BY x",
      "SELECT '42'::INTEGER + 1 AS a, x::VARCHAR || '|' AS b, x::DOUBLE / 2 AS c FROM (VALUES (3)) t(x)",
      "SELECT TRY_CAST(x AS INTEGER) AS a, TRY_CAST(x AS DATE) AS b FROM (VALUES ('x'), ('5'), (NULL), ('2024-01-02'))"
          + " t(x) ORDER BY x NULLS LAST",
      "SELECT TRY_CAST('x' AS INTEGER) AS a, TRY_CAST('12' AS INTEGER) AS b",
      "SELECT TRY_CAST(k AS TINYINT) AS small, k FROM t1 ORDER BY k LIMIT 20");

  @Test
  void nonReservedWordsAreNames() throws Exception {
    compareAll(NON_RESERVED_NAMES);
  }

  @Test
  void stringLiteralsAreVarchar() throws Exception {
    compareAll(VARCHAR_LITERALS);
  }

  @Test
  void integerDivisionCastsAndTryCast() throws Exception {
    compareAll(OPERATORS);
  }

  @Test
  void doubleSlashIsTwoColumnsNotAComment() throws Exception {
    try (SessionRunner engine = new SessionRunner(SessionOptions.defaults().withThreads(1))) {
      var result = engine.run("SELECT 7 // 2 AS y, 8 AS z");
      assertThat(result.columnNames()).containsExactly("y", "z");
      assertThat(result.rows()).containsExactly(List.of(3L, 8L));
    }
  }

  private void compareAll(List<String> queries) throws Exception {
    List<RandomTable> tables = RandomTables.dataset(20_261_205L);
    try (OracleTables both = new OracleTables(SessionOptions.defaults().withThreads(1))) {
      for (RandomTable table : tables) {
        both.load(table.name(), directory, table::toArrow);
      }
      for (String query : queries) {
        OrderSpec order = query.contains("LIMIT") ? OrderSpec.fromSql(query, both.oracle().run(query).columnNames())
            : OrderSpec.unordered();
        assertThat(both.compare(query, order)).as(query).isEmpty();
      }
    }
  }
}
