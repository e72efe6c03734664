package dev.quiver.shuffle.exchange;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A reader's helper thread (read-ahead, decode-ahead): started on an executor or a daemon thread of
 * its own, told to stop by a flag it polls, and waited for at close, so nothing it allocates can
 * outlive the reader. A task closed before it started never runs.
 */
abstract class BackgroundTask {
  private static final int NOT_STARTED = 0;
  private static final int RUNNING = 1;
  private static final int CANCELLED = 2;

  private final AtomicInteger state = new AtomicInteger(NOT_STARTED);
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile boolean closed;

  /** The task's work; it returns soon after {@link #closed()} turns true. */
  abstract void work();

  /** Starts {@link #work} on {@code executor}, or on a daemon thread named {@code threadName} when it is null. */
  final void start(Executor executor, String threadName) {
    Runnable task = () -> {
      try {
        if (state.compareAndSet(NOT_STARTED, RUNNING)) {
          work();
        }
      } finally {
        finished.countDown();
      }
    };
    if (executor != null) {
      executor.execute(task);
    } else {
      Thread thread = new Thread(task, threadName);
      thread.setDaemon(true);
      thread.start();
    }
  }

  /** Whether the task was told to stop. */
  final boolean closed() {
    return closed;
  }

  /** Tells the task to stop, without waiting. */
  final void signalClose() {
    closed = true;
  }

  /** Tells the task to stop and waits until it has (at once if it never started). */
  final void stopAndWait() {
    closed = true;
    if (!state.compareAndSet(NOT_STARTED, CANCELLED)) {
      awaitUninterruptibly(finished);
    }
  }

  /** Waits for {@code latch}, keeping (not acting on) an interrupt for the caller. */
  static void awaitUninterruptibly(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException again) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** A failure of this thread, thrown again on the consumer's: as it was when it can be, else INTERNAL naming {@code what}. */
  static IOException rethrow(Throwable failure, String what) throws IOException {
    if (failure instanceof IOException) {
      throw (IOException) failure;
    }
    if (failure instanceof RuntimeException) {
      throw (RuntimeException) failure;
    }
    if (failure instanceof Error) {
      throw (Error) failure;
    }
    throw new QuiverException(ErrorCode.INTERNAL, what + " failed: " + failure, failure);
  }
}
