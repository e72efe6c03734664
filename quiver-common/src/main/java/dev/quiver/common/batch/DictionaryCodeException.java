package dev.quiver.common.batch;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;

/**
 * A dictionary code points outside its dictionary (CORRUPT): the codes came from a damaged file or
 * block. The message is {@code NAME: PROBLEM}; {@link #problem()} is the problem alone, for readers
 * that report their own location fields.
 */
public final class DictionaryCodeException extends QuiverException {
  private static final long serialVersionUID = 1L;

  private final String problem;

  DictionaryCodeException(String name, int code, int row, int valueCount) {
    this(name, "dictionary code " + code + " at row " + row + " is outside the " + valueCount + " dictionary values");
  }

  private DictionaryCodeException(String name, String problem) {
    super(ErrorCode.CORRUPT, name + ": " + problem);
    this.problem = problem;
  }

  /** What is wrong, without the name of the column. */
  public String problem() {
    return problem;
  }
}
