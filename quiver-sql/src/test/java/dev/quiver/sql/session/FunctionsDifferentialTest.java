package dev.quiver.sql.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.QuiverException;
import dev.quiver.sql.oracle.DuckDbOracle;
import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.Result;
import dev.quiver.sql.oracle.ResultComparison;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every scalar function of issue 12, and the aggregate FILTER clause, against DuckDB on one seeded
 * random table ({@link FunctionTable}: NULLs, empty strings, unicode, regular-expression and LIKE
 * metacharacters, integer extremes, dates and timestamps across centuries). Each expression is
 * evaluated over every row ({@code SELECT id, expr FROM f}) by both engines and the answers must be
 * equal; where DuckDB raises an error (an overflow, say) Quiver must raise a typed one. Literal
 * arguments are drawn from the seed too: {@code -Dquiver.functions.seed}, {@code
 * -Dquiver.functions.rounds} (rounds of every template, 3 by default). The seed is printed.
 *
 * <p>Documented differences, tested in their documented form: EXTRACT(EPOCH) is whole seconds as a
 * BIGINT (DuckDB: a DOUBLE with the fraction), so DuckDB's side floors it; SUBSTRING's start below 1
 * follows SQL's rule (DuckDB counts a negative start from the end), so starts are drawn from 0 up.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FunctionsDifferentialTest {
  private static final String[] DATE_UNITS = {"year", "quarter", "month", "day", "dow", "doy"};
  private static final String[] TIME_UNITS = {"hour", "minute", "second"};
  private static final String[] TRUNC_UNITS = {"millennium", "century", "decade", "year", "quarter", "month", "week",
      "day", "hour", "minute", "second", "millisecond", "microsecond"};
  private static final String[] DIFF_PARTS = {"millennium", "century", "decade", "year", "quarter", "month", "week",
      "day", "hour", "minute", "second", "millisecond", "microsecond"};
  private static final String[] PART_UNITS = {"week", "isodow", "isoyear", "decade", "century", "millennium"};
  private static final String[] PATTERNS = {"[0-9]+", "^https?://(?:www\\.)?([^/]+)/.*$", "a+", "(a)(b)?", "\\s+", "^.",
      "x*", "[aé]", "\\.", "(日)(本)", "b$", "[^a-z]", "(?:ab|é)+"};
  private static final String[] REPLACEMENTS = {"N", "\\1", "<\\1>", "", "\\2\\1", "-\\0-", "😀"};
  private static final String[] CASTS = {"CAST(i AS VARCHAR)", "CAST(b AS VARCHAR)", "CAST(m AS VARCHAR)",
      "CAST(dt AS VARCHAR)", "CAST(ts AS VARCHAR)", "CAST(n AS INTEGER)", "CAST(n AS BIGINT)", "CAST(n AS DOUBLE)",
      "CAST(n AS DECIMAL(18, 3))", "CAST(dt AS TIMESTAMP)", "CAST(ts AS DATE)", "CAST(i AS DOUBLE)",
      "CAST(d AS BIGINT)", "CAST(m AS INTEGER)", "CAST(i AS DECIMAL(12, 2))", "CAST(d AS DECIMAL(18, 2))",
      "CAST(CAST(dt AS VARCHAR) AS DATE)", "CAST(CAST(ts AS VARCHAR) AS TIMESTAMP)", "CAST(m AS DOUBLE)",
      "CAST(i AS SMALLINT)", "CAST(b AS INTEGER)"};

  @TempDir
  static Path folder;
  private final long seed = Long.getLong("quiver.functions.seed", 20_261_202L);
  private final int rounds = Integer.getInteger("quiver.functions.rounds", 3);
  private OracleTables tables;
  private DuckDbOracle oracle;
  private SessionRunner engine;

  @BeforeAll
  void load() throws Exception {
    System.out.println("FunctionsDifferentialTest seed " + seed + " (-Dquiver.functions.seed=" + seed + ")");
    tables = new OracleTables(SessionOptions.defaults().withThreads(2).withMemoryLimit(1L << 30));
    oracle = tables.oracle();
    engine = tables.engine();
    tables.load("f", folder, memory -> FunctionTable.rows(new Random(seed), 700, memory));
  }

  @AfterAll
  void close() throws Exception {
    if (tables != null) {
      tables.close();
    }
  }

  @Test
  void everyScalarFunctionAgreesWithDuckDb() {
    Random random = new Random(seed + 1);
    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (int round = 0; round < rounds; round++) {
      for (String[] expression : expressions(random)) {
        check("SELECT id, " + expression[0] + " AS v FROM f", "SELECT id, " + expression[1] + " AS v FROM f")
            .ifPresent(failures::add);
        checked++;
      }
    }
    System.out.println(checked + " expressions checked, " + failures.size() + " differ");
    assertThat(failures).as("expressions whose answers differ from DuckDB's (seed " + seed + ")").isEmpty();
  }

  @Test
  void aggregateFilterClauseAgreesWithDuckDb() {
    List<String> failures = new ArrayList<>();
    check("SELECT i % 5 AS g, COUNT(*) FILTER (WHERE s LIKE '%a%') AS c, SUM(b) FILTER (WHERE d > 0) AS sb, "
        + "MIN(s) FILTER (WHERE i > 0) AS ms, MAX(dt) FILTER (WHERE s IS NULL) AS md, "
        + "COUNT(DISTINCT s) FILTER (WHERE p IS NOT NULL) AS cd, AVG(d) FILTER (WHERE m < 0) AS ad FROM f GROUP BY 1")
        .ifPresent(failures::add);
    check("SELECT COUNT(*) FILTER (WHERE i IS NULL), SUM(m) FILTER (WHERE dt < DATE '2000-01-01'), "
        + "COUNT(DISTINCT p) FILTER (WHERE LENGTH(s) > 2), MIN(ts) FILTER (WHERE b % 2 = 0) FROM f")
        .ifPresent(failures::add);
    check("SELECT LOWER(p) AS k, MIN(s), MAX(s), COUNT(*) FILTER (WHERE s ILIKE '%A%') FROM f GROUP BY LOWER(p)")
        .ifPresent(failures::add);
    assertThat(failures).as("queries whose answers differ from DuckDB's").isEmpty();
  }

  /** Pairs of (Quiver's text, DuckDB's text) of one expression each, literal arguments drawn from {@code random}. */
  private static List<String[]> expressions(Random random) {
    List<String> same = new ArrayList<>(List.of("LENGTH(s)", "LENGTH(p)", "UPPER(s)", "LOWER(s)", "TRIM(s)",
        "LTRIM(s)", "RTRIM(s)", "TRIM(BOTH ' ' FROM s)", "TRIM(LEADING ' ' FROM s)", "TRIM(TRAILING ' ' FROM s)",
        "CONCAT(s, p)", "CONCAT(s, '-', i, '-', dt)", "s || p", "s || '|' || i", "POSITION(p IN s)", "STRPOS(s, p)",
        "REPLACE(s, p, '-')", "COALESCE(s, p, 'none')", "NULLIF(s, p)", "NULLIF(i, 0)", "GREATEST(i, b)",
        "LEAST(i, b, 7)", "GREATEST(s, p)", "LEAST(s, p, 'm')", "GREATEST(d, i)", "LEAST(dt, DATE '2000-01-01')",
        "GREATEST(ts, dt)", "ABS(i)", "ABS(b)", "ABS(d)", "ABS(m)", "ROUND(d)", "ROUND(m)", "FLOOR(d)", "CEIL(d)",
        "FLOOR(m)", "CEIL(m)", "CEILING(m)", "MOD(b, 7)", "b % 7", "i % -3", "MOD(i, NULLIF(b % 5, 0))", "m % 2",
        "s LIKE p", "s ILIKE p", "UPPER(s) ILIKE LOWER(p)", "REGEXP_MATCHES(s, p)"));
    for (String cast : CASTS) {
      same.add(cast);
    }
    for (String unit : DATE_UNITS) {
      same.add("EXTRACT(" + unit + " FROM dt)");
      same.add("EXTRACT(" + unit + " FROM ts)");
    }
    for (String unit : TIME_UNITS) {
      same.add("EXTRACT(" + unit + " FROM ts)");
    }
    for (String unit : TRUNC_UNITS) {
      same.add("DATE_TRUNC('" + unit + "', ts)");
      same.add("DATE_TRUNC('" + unit + "', dt)");
    }
    for (String part : DIFF_PARTS) {
      same.add("date_diff('" + part + "', dt, CAST(ts AS DATE))");
      same.add("date_diff('" + part + "', ts, CAST(dt AS TIMESTAMP))");
      same.add("datediff('" + part + "', dt, ts)");
    }
    for (String unit : PART_UNITS) {
      same.add("date_part('" + unit + "', dt)");
      same.add("date_part('" + unit + "', ts)");
      same.add("EXTRACT(" + unit + " FROM ts)");
    }
    same.addAll(List.of("dt + i", "dt - i", "i + dt", "dt - 1", "dt - DATE '2000-01-01'", "CAST(ts AS DATE) - dt",
        "EXTRACT(dow FROM dt - 1)", "date_part('millisecond', ts)", "date_part('microsecond', ts)", "dayname(dt)",
        "monthname(ts)", "dayname(ts)", "monthname(dt)", "epoch_ms(ts)", "epoch_ms(dt)", "epoch(ts)", "epoch(dt)",
        "date_part('epoch', ts)", "date_add(dt, INTERVAL 1 MONTH)", "date_add(ts, INTERVAL 36 HOUR)",
        "date_add(dt, INTERVAL 2 DAY)", "make_date(CAST(date_part('year', dt) AS INTEGER), 2, 28)",
        "strftime(ts, '%Y-%m-%d %H:%M:%S.%f %j %U %W %V %G %a %b %p %I %g %c')",
        "strftime(dt, '%A %B %-d %y %u %w %-j %-m %x %X')",
        "strptime(strftime(ts, '%d/%m/%Y %H:%M:%S.%f'), '%d/%m/%Y %H:%M:%S.%f')",
        "strptime(strftime(dt, '%a %-d %b %y'), '%a %d %b %y')", "try_strptime(s, '%Y-%m-%d')",
        "strptime(CAST(dt AS VARCHAR), '%Y-%m-%d')"));
    String fragment = quote(FunctionTable.fragment(random));
    int start = random.nextInt(9);
    int length = random.nextInt(7);
    same.add("SUBSTRING(s, " + start + ", " + length + ")");
    same.add("SUBSTRING(s FROM " + start + " FOR " + length + ")");
    same.add("SUBSTRING(s FROM " + start + ")");
    same.add("SUBSTRING(s, " + start + ")");
    same.add("STRPOS(s, " + fragment + ")");
    same.add("POSITION(" + fragment + " IN s)");
    same.add("REPLACE(s, " + fragment + ", " + quote(FunctionTable.fragment(random)) + ")");
    same.add("ROUND(d, " + (random.nextInt(4) - 1) + ")");
    same.add("ROUND(m, " + random.nextInt(3) + ")");
    String pattern = quote(PATTERNS[random.nextInt(PATTERNS.length)]);
    String replacement = quote(REPLACEMENTS[random.nextInt(REPLACEMENTS.length)]);
    same.add("REGEXP_REPLACE(s, " + pattern + ", " + replacement + ")");
    same.add("REGEXP_REPLACE(s, " + pattern + ", " + replacement + ", 'g')");
    same.add("REGEXP_REPLACE(s, " + pattern + ", " + replacement + ", 'gi')");
    same.add("REGEXP_MATCHES(s, " + pattern + ")");
    String like = quote(FunctionTable.likePattern(random));
    same.add("s LIKE " + like);
    same.add("s NOT LIKE " + like);
    same.add("s ILIKE " + like);
    same.add("s NOT ILIKE " + like);
    same.add("s LIKE " + quote(FunctionTable.escapedPattern(random)) + " ESCAPE '!'");
    same.add("s ILIKE " + quote(FunctionTable.escapedPattern(random)) + " ESCAPE '!'");
    List<String[]> pairs = new ArrayList<>();
    for (String expression : same) {
      pairs.add(new String[] {expression, expression});
    }
    pairs.add(new String[] {"EXTRACT(EPOCH FROM ts)", "CAST(FLOOR(EXTRACT(EPOCH FROM ts)) AS BIGINT)"});
    pairs.add(new String[] {"EXTRACT(EPOCH FROM dt)", "CAST(EXTRACT(EPOCH FROM dt) AS BIGINT)"});
    return pairs;
  }

  private Optional<String> check(String sql) {
    return check(sql, sql);
  }

  /** Empty when both engines give the same answer (or both refuse), else what differs. */
  private Optional<String> check(String quiverSql, String duckDbSql) {
    Result expected;
    try {
      expected = oracle.run(duckDbSql);
    } catch (SQLException duckDbRefused) {
      try {
        engine.run(quiverSql);
        return Optional.of(quiverSql + "\n  DuckDB fails (" + firstLine(duckDbRefused) + ") but Quiver answers");
      } catch (QuiverException typed) {
        return Optional.empty();
      } catch (RuntimeException untyped) {
        return Optional.of(quiverSql + "\n  Quiver fails with an untyped " + untyped);
      }
    }
    try {
      Result actual = engine.run(quiverSql);
      return ResultComparison.compare(expected, actual, OrderSpec.unordered(), null).map(text -> quiverSql + "\n  "
          + text);
    } catch (RuntimeException failure) {
      return Optional.of(quiverSql + "\n  Quiver fails: " + failure);
    }
  }

  private static String firstLine(Exception failure) {
    String message = String.valueOf(failure.getMessage());
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }

  private static String quote(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
