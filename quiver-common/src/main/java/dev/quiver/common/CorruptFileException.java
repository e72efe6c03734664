package dev.quiver.common;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file's bytes are not what its format promises. Checked, because a caller reading files must
 * decide what to do with a bad one. Where the damage is — the file, and when known the column and
 * the segment — are fields ({@link #file()}, {@link #column()}, {@link #segment()}), and
 * {@link #problem()} says what is wrong; the message joins them for people: {@code FILE: column C
 * segment S: PROBLEM}. Code never parses the message back.
 */
public class CorruptFileException extends IOException {
  private static final long serialVersionUID = 1L;

  /** {@link #segment()} when no segment is named. */
  public static final int NO_SEGMENT = -1;

  private final String file;
  private final String column;
  private final int segment;
  private final String problem;

  public CorruptFileException(Path file, String problem) {
    this(String.valueOf(file), problem, null);
  }

  public CorruptFileException(String file, String problem, Throwable cause) {
    this(file, null, NO_SEGMENT, problem, cause);
  }

  /**
   * @param column the column whose data is damaged, or null
   * @param segment the damaged segment, or {@link #NO_SEGMENT}
   */
  public CorruptFileException(String file, String column, int segment, String problem, Throwable cause) {
    super(message(file, column, segment, problem), cause);
    this.file = file;
    this.column = column;
    this.segment = segment;
    this.problem = problem;
  }

  private static String message(String file, String column, int segment, String problem) {
    StringBuilder text = new StringBuilder(String.valueOf(file)).append(": ");
    if (column != null) {
      text.append("column ").append(column).append(' ');
    }
    if (segment != NO_SEGMENT) {
      text.append("segment ").append(segment).append(' ');
    }
    if (column != null || segment != NO_SEGMENT) {
      text.setLength(text.length() - 1);
      text.append(": ");
    }
    return text.append(problem).toString();
  }

  /** The file, as the caller named it. */
  public String file() {
    return file;
  }

  /** The column whose data is damaged, or null when the damage is not in one column's data. */
  public String column() {
    return column;
  }

  /** The damaged segment's index in the file's segment table, or {@link #NO_SEGMENT}. */
  public int segment() {
    return segment;
  }

  /** What is wrong, without the location. */
  public String problem() {
    return problem;
  }

  public ErrorCode errorCode() {
    return ErrorCode.CORRUPT;
  }
}
