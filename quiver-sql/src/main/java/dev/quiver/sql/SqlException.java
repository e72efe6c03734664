package dev.quiver.sql;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;

/**
 * A query that cannot be planned: a syntax error, an unknown table or column, a type mismatch, an
 * unsupported feature. Always {@link ErrorCode#USER}; the message is one line that starts with the
 * position ({@code line 1:8: ...}) when the failure has one.
 */
public final class SqlException extends QuiverException {
  private static final long serialVersionUID = 1L;

  private final int line;
  private final int column;
  private final String problem;
  private final String subject;

  /**
   * @param line the 1-based line of the failure in the query text, or 0 when it has no position
   * @param column the 1-based column, or 0
   * @param problem what is wrong, one line, without the position
   */
  public SqlException(int line, int column, String problem) {
    this(line, column, problem, null);
  }

  /**
   * A failure of kind {@code code} at a position: a file named in the query that is damaged
   * (CORRUPT) or unreadable (IO) keeps its kind, and so its exit code.
   */
  public SqlException(ErrorCode code, int line, int column, String problem) {
    this(code, line, column, problem, null);
  }

  private SqlException(int line, int column, String problem, String subject) {
    this(ErrorCode.USER, line, column, problem, subject);
  }

  private SqlException(ErrorCode code, int line, int column, String problem, String subject) {
    super(code, format(line, column, problem));
    this.line = line;
    this.column = column;
    this.problem = problem;
    this.subject = subject;
  }

  /** A failure without a position in the text (an unsupported plan shape, say). */
  public static SqlException unpositioned(String problem) {
    return new SqlException(0, 0, problem, null);
  }

  /**
   * A failure found after the text's positions are gone (translating the plan), about one element
   * of the query: {@code subject} is the value of a literal (a string's characters, a number's
   * digits) or the name of a function or operator, by which the planner finds its position.
   */
  public static SqlException about(String subject, String problem) {
    return new SqlException(0, 0, problem, subject);
  }

  /** This failure at a position in the text. */
  public SqlException at(int newLine, int newColumn) {
    SqlException positioned = new SqlException(errorCode(), newLine, newColumn, problem, subject);
    positioned.setStackTrace(getStackTrace());
    return positioned;
  }

  /** What is wrong, without the position. */
  public String problem() {
    return problem;
  }

  /** The literal's value or the function's name this failure is about, or null. */
  public String subject() {
    return subject;
  }

  /** The 1-based line, or 0 when the failure has no position. */
  public int line() {
    return line;
  }

  /** The 1-based column, or 0 when the failure has no position. */
  public int column() {
    return column;
  }

  private static String format(int line, int column, String problem) {
    String oneLine = problem.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    return line > 0 ? "line " + line + ":" + column + ": " + oneLine : oneLine;
  }
}
