package dev.quiver.shuffle.exchange;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a list of tasks on a pool and waits until every one has finished or been skipped. The first
 * failure wins: tasks still running are interrupted, tasks not started yet are skipped, and only
 * when nothing runs any more is the failure thrown, so the caller may clean up files safely.
 */
final class TaskGroup {
  private TaskGroup() {}

  /** One task; {@code index} is its position in the list. */
  @FunctionalInterface
  interface Task<T> {
    T run(int index) throws Exception;
  }

  /**
   * Runs {@code count} tasks on {@code pool}; returns their results in task order.
   *
   * @param kind names a task in failure messages ({@code "map task"}), followed by its index
   * @throws IOException the first failure, when it was one (it names its file already)
   * @throws QuiverException the first failure otherwise, unchanged if it was one, else INTERNAL
   *     naming the task
   */
  static <T> List<T> runAll(Executor pool, int count, String kind, Task<T> task) throws IOException {
    Object[] results = new Object[count];
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicReference<Integer> failedTask = new AtomicReference<>();
    Set<Thread> running = ConcurrentHashMap.newKeySet();
    CountDownLatch done = new CountDownLatch(count);
    for (int i = 0; i < count; i++) {
      int index = i;
      pool.execute(() -> {
        Thread thread = Thread.currentThread();
        try {
          if (failure.get() != null) {
            return;
          }
          running.add(thread);
          try {
            results[index] = task.run(index);
          } finally {
            running.remove(thread);
          }
        } catch (Throwable problem) {
          if (failure.compareAndSet(null, problem)) {
            failedTask.set(index);
            running.forEach(Thread::interrupt);
          }
        } finally {
          Thread.interrupted();
          done.countDown();
        }
      });
    }
    boolean interrupted = false;
    while (true) {
      try {
        done.await();
        break;
      } catch (InterruptedException stop) {
        // The caller is cancelled: the tasks are too; keep waiting until none runs.
        interrupted = true;
        if (failure.compareAndSet(null, stop)) {
          running.forEach(Thread::interrupt);
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    Throwable problem = failure.get();
    if (problem != null) {
      throw rethrow(problem, kind + " " + failedTask.get());
    }
    List<T> list = new ArrayList<>(count);
    for (Object result : Arrays.asList(results)) {
      @SuppressWarnings("unchecked")
      T typed = (T) result;
      list.add(typed);
    }
    return list;
  }

  private static IOException rethrow(Throwable problem, String task) throws IOException {
    if (problem instanceof IOException) {
      throw (IOException) problem;
    }
    if (problem instanceof QuiverException) {
      throw (QuiverException) problem;
    }
    if (problem instanceof InterruptedException) {
      throw new java.io.InterruptedIOException(
          "interrupted while waiting for the " + task.replaceAll(" \\d+$", "") + "s");
    }
    throw new QuiverException(ErrorCode.INTERNAL, task + " failed: " + QuiverException.describe(problem), problem);
  }
}
