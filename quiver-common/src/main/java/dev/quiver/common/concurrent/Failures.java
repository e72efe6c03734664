package dev.quiver.common.concurrent;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The one place a failure that crossed threads (a future's cause) is turned back into what the
 * caller would have seen on its own thread: the original {@link IOException} or unchecked exception,
 * unwrapped from {@link ExecutionException}/{@link CompletionException} layers; an interrupt or a
 * cancelled future becomes a {@link ErrorCode#CANCELLED} {@link QuiverException}.
 */
public final class Failures {
  private Failures() {}

  /**
   * Rethrows the cause of {@code failure} (unchecked ones as they are); returns the IOException for
   * the caller to throw, so a call site reads {@code throw Failures.rethrow(failure)}.
   */
  public static IOException rethrow(Throwable failure) {
    Throwable cause = unwrap(failure);
    if (cause instanceof IOException io) {
      return io;
    }
    if (cause instanceof CancellationException) {
      throw cancelled("the work was cancelled", cause);
    }
    if (cause instanceof InterruptedException) {
      Thread.currentThread().interrupt();
      throw cancelled("interrupted", cause);
    }
    if (cause instanceof RuntimeException unchecked) {
      throw unchecked;
    }
    if (cause instanceof Error error) {
      throw error;
    }
    return new IOException(QuiverException.describe(cause), cause);
  }

  /** The first cause below the wrappers futures add. */
  public static Throwable unwrap(Throwable failure) {
    Throwable cause = failure;
    while ((cause instanceof ExecutionException || cause instanceof CompletionException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  /** A thread waiting for work was interrupted: restores the flag and reports a cancellation. */
  public static QuiverException interrupted(String what, InterruptedException interrupted) {
    Thread.currentThread().interrupt();
    return cancelled(what + " was interrupted", interrupted);
  }

  private static QuiverException cancelled(String message, Throwable cause) {
    return new QuiverException(ErrorCode.CANCELLED, message, cause);
  }
}
