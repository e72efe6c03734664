package dev.quiver.bench.run;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;

/**
 * A system answered differently than the reference system: {@link SuiteRunner} stops with it, or,
 * with keep-going, records the arm as {@link SuiteRunner#WRONG_PREFIX WRONG} (never as a time).
 */
public final class WrongAnswerException extends QuiverException {
  private static final long serialVersionUID = 1L;

  public WrongAnswerException(String message) {
    super(ErrorCode.INTERNAL, message);
  }
}
