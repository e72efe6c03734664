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

  /**
   * @param line the 1-based line of the failure in the query text, or 0 when it has no position
   * @param column the 1-based column, or 0
   * @param problem what is wrong, one line, without the position
   */
  public SqlException(int line, int column, String problem) {
    super(ErrorCode.USER, format(line, column, problem));
    this.line = line;
    this.column = column;
  }

  /** A failure without a position in the text (an unsupported plan shape, say). */
  public static SqlException unpositioned(String problem) {
    return new SqlException(0, 0, problem);
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
