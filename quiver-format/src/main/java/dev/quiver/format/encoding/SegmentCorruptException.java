package dev.quiver.format.encoding;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;

/**
 * A segment's bytes lie about their own encoding. The message is {@code NAME: PROBLEM} (the name the
 * decoder was given); {@link #problem()} is the problem alone, so a reader that knows the file,
 * column and segment reports them as fields instead of parsing the message.
 */
public final class SegmentCorruptException extends QuiverException {
  private static final long serialVersionUID = 1L;

  private final String problem;

  SegmentCorruptException(String name, String problem, Throwable cause) {
    super(ErrorCode.CORRUPT, name + ": " + problem, cause);
    this.problem = problem;
  }

  /** What is wrong with the segment, without its name. */
  public String problem() {
    return problem;
  }
}
