package dev.quiver.bench.tpcds;

import dev.quiver.bench.sql.AnswerShape;
import dev.quiver.bench.sql.SqlQueries;
import dev.quiver.bench.sql.SqlSystem;
import dev.quiver.common.QuiverException;
import dev.quiver.datagen.tpcds.TpcdsQueries;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The TPC-DS suite's queries: DuckDB's texts of the 99 ({@link TpcdsQueries}), the same text for every
 * system, named {@code q01} ... {@code q99}. Their ORDER BY keys are often expressions or columns the
 * query does not select, so the answer check compares each answer as a multiset, a LIMITed one row by
 * row against DuckDB's unlimited answer (the order itself is checked by the SQL module's
 * {@code TpcdsQueriesTest}). Q78's answer is checked with its ratio divided as a DOUBLE
 * ({@link #checkStatement}).
 */
public final class TpcdsSql implements SqlQueries {
  /** The 99 queries as a SQL suite's queries. */
  public static final TpcdsSql QUERIES = new TpcdsSql();

  private static final int Q78 = 78;
  private static final String Q78_DECIMAL_RATIO = "round((ss_qty*1.00)/";
  private static final String Q78_DOUBLE_RATIO = "round(CAST(ss_qty AS DOUBLE)/";

  private TpcdsSql() {
    if (!TpcdsQueries.statement(Q78).contains(Q78_DECIMAL_RATIO)) {
      throw new IllegalStateException("TPC-DS Q78 no longer divides " + Q78_DECIMAL_RATIO);
    }
  }

  @Override
  public String suite() {
    return TpcdsSuite.SUITE;
  }

  @Override
  public List<String> subjects() {
    List<String> subjects = new ArrayList<>();
    for (int number = 1; number <= TpcdsQueries.COUNT; number++) {
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
    return TpcdsQueries.statement(number(subject));
  }

  /**
   * The timed text, except Q78's: its {@code round((ss_qty*1.00)/(...), 2)} is an exact decimal on Quiver
   * (PostgreSQL's semantics) and a DOUBLE on DuckDB, which part at exact ties (23 * 1.00 / 40 = 0.575
   * rounds to 0.58, the DOUBLE 0.57499... to 0.57); the answer compared divides {@code CAST(ss_qty AS
   * DOUBLE)} on both systems instead, so every other value and the rows the LIMIT keeps are checked.
   */
  @Override
  public String checkStatement(String subject, SqlSystem system) {
    String sql = statement(subject, system);
    return number(subject) == Q78 ? sql.replace(Q78_DECIMAL_RATIO, Q78_DOUBLE_RATIO) : sql;
  }

  /** Unordered, cut by the statement's final LIMIT. */
  @Override
  public AnswerShape shape(String subject) {
    return AnswerShape.of(statement(subject, SqlSystem.DUCKDB));
  }

  /** {@code q07} for 7. */
  public static String subject(int number) {
    return String.format(Locale.ROOT, "q%02d", number);
  }

  /** The query number of a subject ({@code q7}, {@code q07} or {@code 7}). */
  public static int number(String subject) {
    String digits = subject.strip().toLowerCase(Locale.ROOT);
    digits = digits.startsWith("q") ? digits.substring(1) : digits;
    int number;
    try {
      number = Integer.parseInt(digits);
    } catch (NumberFormatException notNumber) {
      throw QuiverException.user("unknown TPC-DS query '" + subject + "': use 1 to " + TpcdsQueries.COUNT);
    }
    TpcdsQueries.resource(number);
    return number;
  }
}
