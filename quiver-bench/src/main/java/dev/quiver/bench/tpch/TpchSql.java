package dev.quiver.bench.tpch;

import dev.quiver.bench.sql.AnswerShape;
import dev.quiver.bench.sql.SqlQueries;
import dev.quiver.bench.sql.SqlSystem;
import dev.quiver.common.QuiverException;
import dev.quiver.datagen.tpch.TpchQueries;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The suite's queries: the spec's 22 ({@link TpchQueries}), named {@code q01} ... {@code q22}, as
 * each system takes them, and the output columns their final ORDER BY sorts on; as the shared
 * {@link SqlQueries} of the SQL suites, {@link #QUERIES}.
 */
public final class TpchSql implements SqlQueries {
  /** The 22 queries as a SQL suite's queries. */
  public static final TpchSql QUERIES = new TpchSql();

  private static final Pattern INTERVAL_PRECISION = Pattern.compile(
      "(?i)(interval\\s+'[^']*'\\s+(?:year|month|day))\\s*\\(\\s*\\d+\\s*\\)");
  private static final Pattern ORDER_BY = Pattern.compile("(?is)\\border\\s+by\\s+");
  private static final Pattern LIMIT = Pattern.compile("(?is)\\blimit\\b");

  private TpchSql() {}

  @Override
  public String suite() {
    return TpchSuite.SUITE;
  }

  @Override
  public List<String> subjects() {
    List<String> subjects = new ArrayList<>();
    for (int number = 1; number <= TpchQueries.COUNT; number++) {
      subjects.add(subject(number));
    }
    return subjects;
  }

  @Override
  public String subject(String written) {
    return subject(number(written));
  }

  @Override
  public String statement(String subject, SqlSystem system) {
    return statement(number(subject), system);
  }

  /** Ordered by the outer ORDER BY's keys (all of them output columns in TPC-H), cut by its LIMIT. */
  @Override
  public AnswerShape shape(String subject) {
    String sql = statement(subject, SqlSystem.DUCKDB);
    return AnswerShape.of(sql, orderKeys(sql).toArray(String[]::new));
  }

  /** {@code q01} for 1. */
  public static String subject(int number) {
    return String.format(Locale.ROOT, "q%02d", number);
  }

  /** The query number of a subject ({@code q6}, {@code q06} or {@code 6}). */
  public static int number(String subject) {
    String digits = subject.strip().toLowerCase(Locale.ROOT);
    digits = digits.startsWith("q") ? digits.substring(1) : digits;
    int number;
    try {
      number = Integer.parseInt(digits);
    } catch (NumberFormatException notNumber) {
      throw QuiverException.user("unknown TPC-H query '" + subject + "': use 1 to " + TpchQueries.COUNT);
    }
    TpchQueries.resource(number);
    return number;
  }

  /** The query as {@code system} runs it: the spec's text for Quiver, DuckDB's dialect for DuckDB. */
  public static String statement(int number, SqlSystem system) {
    String sql = TpchQueries.statement(number);
    return system == SqlSystem.QUIVER ? sql : forDuckDb(sql);
  }

  /**
   * The spec's interval qualifier with a precision ({@code interval '90' day (3)}, Q1) written
   * without it: DuckDB's parser refuses the precision, which does not change the value.
   */
  public static String forDuckDb(String sql) {
    return INTERVAL_PRECISION.matcher(sql).replaceAll("$1");
  }

  /**
   * The names in the query's last ORDER BY (the outer query's in TPC-H), lower case, without
   * {@code asc}/{@code desc}; empty when the query has none.
   */
  public static List<String> orderKeys(String sql) {
    String text = sql.replaceAll("--[^\n]*", " ");
    Matcher order = ORDER_BY.matcher(text);
    int start = -1;
    while (order.find()) {
      start = order.end();
    }
    List<String> keys = new ArrayList<>();
    if (start < 0) {
      return keys;
    }
    String clause = text.substring(start);
    Matcher limit = LIMIT.matcher(clause);
    if (limit.find()) {
      clause = clause.substring(0, limit.start());
    }
    if (clause.contains(")")) {
      return keys;
    }
    for (String key : clause.replace(";", " ").split(",")) {
      String name = key.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+(asc|desc)$", "").strip();
      if (!name.isEmpty()) {
        keys.add(name);
      }
    }
    return keys;
  }
}
