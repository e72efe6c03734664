package dev.quiver.common;

import java.util.Objects;

/**
 * The one unchecked exception type Quiver throws for its own failures. Every instance carries an
 * {@link ErrorCode}; its message names the thing that failed (file, block, column) and what is wrong.
 */
public class QuiverException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode errorCode;

  public QuiverException(ErrorCode errorCode, String message) {
    super(message);
    this.errorCode = Objects.requireNonNull(errorCode, "errorCode");
  }

  public QuiverException(ErrorCode errorCode, String message, Throwable cause) {
    super(message, cause);
    this.errorCode = Objects.requireNonNull(errorCode, "errorCode");
  }

  public ErrorCode errorCode() {
    return errorCode;
  }

  /** A {@link ErrorCode#CORRUPT} exception. */
  public static QuiverException corrupt(String message) {
    return new QuiverException(ErrorCode.CORRUPT, message);
  }

  /** A {@link ErrorCode#CORRUPT} exception with the low-level failure as its cause. */
  public static QuiverException corrupt(String message, Throwable cause) {
    return new QuiverException(ErrorCode.CORRUPT, message, cause);
  }

  /** A {@link ErrorCode#USER} exception. */
  public static QuiverException user(String message) {
    return new QuiverException(ErrorCode.USER, message);
  }

  /**
   * A stable description of a low-level failure, for messages. Exceptions the JVM may throw without
   * a message once code is compiled (index, null, cast, arithmetic) are described by kind only, so
   * the same damage gives the same message on the first and the millionth call.
   */
  public static String describe(Throwable failure) {
    if (failure instanceof IndexOutOfBoundsException) {
      return "an offset or length points outside its buffer";
    }
    if (failure instanceof NullPointerException) {
      return "a required part is missing";
    }
    if (failure instanceof ClassCastException) {
      return "a part has the wrong type";
    }
    if (failure instanceof ArithmeticException || failure instanceof NegativeArraySizeException) {
      return "a size or count is impossible";
    }
    if (failure instanceof java.nio.BufferUnderflowException || failure instanceof java.nio.BufferOverflowException) {
      return "a part runs past the end of its buffer";
    }
    String message = failure.getMessage();
    return failure.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }
}
