package dev.quiver.bench.clickbench;

import dev.quiver.bench.scan.ScanQuery;
import dev.quiver.bench.sql.AnswerShape;
import dev.quiver.bench.sql.SqlSystem;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.datagen.clickbench.ClickBenchQueries;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The ClickBench suite's queries ({@code quiver bench clickbench}): ClickBench's 43
 * ({@link ClickBenchQueries}, the same text for every system), named {@code q00} ... {@code q42} as
 * ClickBench numbers them, and the scan suite's top-phrases query ({@value #TOP_PHRASES}: the
 * ClickBench Q12 shape with its ties broken by the phrase) through SQL.
 */
public final class ClickBenchSql implements GeneratedQueries {
  public static final String SUITE = "clickbench";
  public static final String TABLE = "hits";
  public static final String TOP_PHRASES = "top-phrases";
  public static final ClickBenchSql QUERIES = new ClickBenchSql();

  private ClickBenchSql() {
    if (ClickBenchKeys.count() != ClickBenchQueries.COUNT) {
      throw new QuiverException(ErrorCode.INTERNAL, "ClickBenchKeys covers " + ClickBenchKeys.count() + " queries, not "
          + ClickBenchQueries.COUNT);
    }
  }

  /** {@code q07} for 7. */
  public static String subject(int number) {
    return String.format(Locale.ROOT, "q%02d", number);
  }

  @Override
  public String suite() {
    return SUITE;
  }

  @Override
  public String dataSet() {
    return "clickbench";
  }

  @Override
  public String table() {
    return TABLE;
  }

  @Override
  public List<String> subjects() {
    List<String> subjects = new ArrayList<>();
    for (int number = 0; number < ClickBenchQueries.COUNT; number++) {
      subjects.add(subject(number));
    }
    subjects.add(TOP_PHRASES);
    return subjects;
  }

  /** {@code 7}, {@code q7}, {@code Q07} or {@code top-phrases}. */
  @Override
  public String subject(String written) {
    String name = written.strip().toLowerCase(Locale.ROOT);
    if (name.equals(TOP_PHRASES)) {
      return TOP_PHRASES;
    }
    return subject(number(name));
  }

  private static int number(String subject) {
    String digits = subject.startsWith("q") ? subject.substring(1) : subject;
    int number;
    try {
      number = Integer.parseInt(digits);
    } catch (NumberFormatException notNumber) {
      number = -1;
    }
    if (number < 0 || number >= ClickBenchQueries.COUNT) {
      throw QuiverException.user("unknown ClickBench query '" + subject + "': use 0 to " + (ClickBenchQueries.COUNT - 1)
          + " or " + TOP_PHRASES);
    }
    return number;
  }

  @Override
  public String statement(String subject, SqlSystem system) {
    if (subject.equals(TOP_PHRASES)) {
      return ScanQuery.HITS_Q12.sql(TABLE);
    }
    return ClickBenchQueries.statement(number(subject));
  }

  @Override
  public String checkStatement(String subject, SqlSystem system) {
    if (subject.equals(TOP_PHRASES)) {
      return statement(subject, system);
    }
    return ClickBenchKeys.CHECKED_WITH_KEYS.getOrDefault(number(subject), statement(subject, system));
  }

  @Override
  public AnswerShape shape(String subject) {
    String sql = checkStatement(subject, SqlSystem.DUCKDB);
    if (subject.equals(TOP_PHRASES)) {
      return AnswerShape.of(sql, "c", "SearchPhrase");
    }
    return AnswerShape.of(sql, ClickBenchKeys.of(number(subject)));
  }

  /** Whether {@code subject} is one of ClickBench's 43 (not an extra query). */
  public static boolean isClickBench(String subject) {
    return !subject.equals(TOP_PHRASES);
  }
}
