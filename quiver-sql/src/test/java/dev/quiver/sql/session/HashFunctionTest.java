package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.Result;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hash(...)} against DuckDB 2.0, value for value: over every row of the seeded {@link FunctionTable}
 * (every column type, NULLs, empty, unicode and long strings, negative numbers, dates before 1970) and over
 * literals, which the planner folds through the engine, so a folded constant and a column must both agree.
 * Hashes are compared as text ({@code CAST(hash(...) AS VARCHAR)}): exact digits, whatever each engine's
 * Java value type.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HashFunctionTest {
  @TempDir
  static Path folder;
  private final long seed = Long.getLong("quiver.hash.seed", 20_261_206L);
  private OracleTables tables;

  @BeforeAll
  void load() throws Exception {
    System.out.println("HashFunctionTest seed " + seed + " (-Dquiver.hash.seed=" + seed + ")");
    tables = new OracleTables(SessionOptions.defaults().withThreads(2).withMemoryLimit(1L << 30));
    tables.load("f", folder, memory -> FunctionTable.rows(new Random(seed), 700, memory));
  }

  @AfterAll
  void close() throws Exception {
    if (tables != null) {
      tables.close();
    }
  }

  @Test
  void columnsOfEveryTypeHashAsDuckDb() {
    List<String> expressions = List.of("i", "b", "d", "m", "s", "p", "n", "dt", "ts", "id", "CAST(d AS REAL)",
        "CAST(i AS SMALLINT)", "CAST(i % 100 AS TINYINT)", "i > 0", "CAST(i % 1000 AS DECIMAL(4, 1))",
        "CAST(m AS DECIMAL(18, 3))", "CAST(m AS DECIMAL(30, 3))",
        "CAST(b AS DECIMAL(38, 0)) * CAST(b AS DECIMAL(38, 0))",
        "-d", "CAST(CASE WHEN i % 3 = 0 THEN 'nan' WHEN i % 3 = 1 THEN '-0.0' ELSE '-inf' END AS DOUBLE)",
        "CAST(CASE WHEN i % 3 = 0 THEN 'nan' WHEN i % 3 = 1 THEN '-0.0' ELSE 'inf' END AS REAL)", "s || s || s", "i, s",
        "s, i, d, m, dt, ts, b", "NULL, i", "i, NULL", "dt, ts, p, n",
        "hash(s)", "s, 'x'", "1, s");
    List<String> failures = new ArrayList<>();
    for (String arguments : expressions) {
      String query = "SELECT id, CAST(hash(" + arguments + ") AS VARCHAR) AS h FROM f";
      compare(query, failures);
    }
    assertThat(failures).as("hash over columns differing from DuckDB's (seed " + seed + ")").isEmpty();
  }

  @Test
  void literalsFoldToDuckDbsHash() {
    List<String> literals = List.of("1", "0", "-1", "2147483647", "-2147483648", "3000000000", "-9223372036854775808",
        "9223372036854775807", "CAST(-7 AS TINYINT)", "CAST(-300 AS SMALLINT)", "CAST(5 AS BIGINT)", "true", "false",
        "NULL", "CAST(NULL AS INTEGER)", "CAST(NULL AS VARCHAR)", "1.5", "-1.5", "0.001", "123456789.123456789",
        "CAST(-1.5 AS DECIMAL(4, 1))", "CAST(-1.5 AS DECIMAL(15, 2))", "CAST(-1.5 AS DECIMAL(30, 2))",
        "CAST(12345678901234567890123 AS DECIMAL(38, 0))", "CAST(-12345678901234567890123 AS DECIMAL(38, 0))",
        "CAST(1.5 AS DOUBLE)", "CAST(-0.0 AS DOUBLE)", "CAST(0.0 AS DOUBLE)", "1e300", "-2.5e-300",
        "CAST(1.5 AS REAL)", "CAST(-0.0 AS REAL)", "CAST(0.1 AS REAL)", "''", "'a'", "'abc'",
        "'abcdefg'", "'abcdefgh'", "'abcdefghi'", "'abcdefghijkl'", "'abcdefghijklm'", "'abcdefghijklmnop'",
        "'abcdefghijklmnopq'", "'héllo wörld, ünïcode ✓ 日本語 😀'", "' '", "'it''s'",
        "'a fairly long string of more than thirty-two bytes, to cover many words'", "DATE '2024-02-29'",
        "DATE '1969-12-31'", "DATE '1900-01-01'", "TIMESTAMP '2024-01-02 03:04:05.678901'",
        "TIMESTAMP '1960-06-01 00:00:00'", "1, 'abc'", "'abc', 1", "1, NULL, CAST(2.5 AS DOUBLE)", "NULL, NULL",
        "1, 2, 3, 4, 5, 6, 7, 8", "DATE '2024-01-01', 'x', CAST(-3.25 AS DOUBLE), true", "hash(1)", "hash('abc'), 7");
    List<String> failures = new ArrayList<>();
    for (String arguments : literals) {
      String query = "SELECT CAST(hash(" + arguments + ") AS VARCHAR) AS h";
      compare(query, failures);
    }
    assertThat(failures).as("hash of literals differing from DuckDB's").isEmpty();
  }

  private void compare(String query, List<String> failures) {
    try {
      tables.compare(query, OrderSpec.unordered()).ifPresent(text -> failures.add(query + "\n  " + text));
    } catch (Exception failure) {
      failures.add(query + "\n  fails: " + failure);
    }
  }

  @Test
  void resultIsTheUnsignedValueAsDecimal() {
    Result result = tables.engine().run("SELECT hash(1) AS a, hash(NULL) AS b, hash('abc') AS c, hash(false) AS d");
    assertThat(result.rows()).hasSize(1);
    assertThat(result.rows().get(0)).containsExactly(new BigDecimal("4717996019076358352"),
        new BigDecimal("13787848793156543929"), new BigDecimal("1924864467101078684"), new BigDecimal("0"));
  }

  @Test
  void aLiteralAndAColumnOfTheSameValueHashEqual() {
    Result result = tables.engine().run("SELECT count(*) AS n, count(*) FILTER (WHERE hash(s) = hash('abc')) AS same "
        + "FROM f WHERE s = 'abc'");
    assertThat(((Number) result.rows().get(0).get(0)).longValue()).as("rows with s = 'abc' in the seeded table")
        .isPositive();
    assertThat(result.rows().get(0).get(1)).isEqualTo(result.rows().get(0).get(0));
  }
}
