package dev.quiver.spark.exchange;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.memory.Allocators;
import dev.quiver.shuffle.block.BlockDecoder;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.spark.TaskContext;

/**
 * The exchange's Arrow memory in one Spark task attempt: a child of the executor's root allocator,
 * made on first use in the task, and the things to close when the task ends. At task end (success,
 * failure or an early stop such as a limit) the registered resources are closed, newest first, then
 * the allocator, which must be empty: a leak fails the task with an INTERNAL error and is counted
 * ({@link #leaks()}). Map tasks and reduce streams of the same task share it.
 */
final class TaskMemory {
  private static final RootAllocator ROOT = Allocators.newRoot();
  private static final Map<Long, TaskMemory> TASKS = new ConcurrentHashMap<>();
  private static final AtomicLong OPENED = new AtomicLong();
  private static final AtomicLong CLOSED = new AtomicLong();
  private static final AtomicLong LEAKS = new AtomicLong();

  private final BufferAllocator allocator;
  private final Deque<AutoCloseable> resources = new ArrayDeque<>();
  private BlockDecoder decoder;

  private TaskMemory(BufferAllocator allocator) {
    this.allocator = allocator;
  }

  /**
   * The memory of the task running on this thread.
   *
   * @throws QuiverException INTERNAL when no Spark task runs on this thread
   */
  static TaskMemory current() {
    TaskContext context = TaskContext.get();
    if (context == null) {
      throw new QuiverException(ErrorCode.INTERNAL, "the Quiver exchange ran outside a Spark task");
    }
    long attempt = context.taskAttemptId();
    TaskMemory existing = TASKS.get(attempt);
    if (existing != null) {
      return existing;
    }
    TaskMemory memory = new TaskMemory(ROOT.newChildAllocator("quiver exchange task " + attempt, 0, Long.MAX_VALUE));
    OPENED.incrementAndGet();
    TASKS.put(attempt, memory);
    context.addTaskCompletionListener(ended -> {
      TASKS.remove(attempt);
      memory.close();
    });
    return memory;
  }

  BufferAllocator allocator() {
    return allocator;
  }

  /** The task's block decoder (its schema cache lives as long as the task). */
  BlockDecoder decoder() {
    if (decoder == null) {
      decoder = new BlockDecoder(allocator);
    }
    return decoder;
  }

  /** Closes {@code resource} when the task ends (closing it earlier as well is fine: it must be idempotent). */
  void closeAtEnd(AutoCloseable resource) {
    resources.push(resource);
  }

  private void close() {
    RuntimeException failure = null;
    while (!resources.isEmpty()) {
      try {
        resources.pop().close();
      } catch (Exception closing) {
        if (failure == null) {
          failure = new QuiverException(ErrorCode.INTERNAL, "closing the exchange's task resources failed", closing);
        }
      }
    }
    CLOSED.incrementAndGet();
    try {
      Allocators.closeChecked(allocator);
    } catch (QuiverException leak) {
      LEAKS.incrementAndGet();
      throw leak;
    }
    if (failure != null) {
      throw failure;
    }
  }

  /** Task allocators opened and not yet closed in this JVM. */
  static long openAllocators() {
    return OPENED.get() - CLOSED.get();
  }

  /** Task allocators opened in this JVM so far. */
  static long openedAllocators() {
    return OPENED.get();
  }

  /** Task allocators that were not empty when their task ended. */
  static long leaks() {
    return LEAKS.get();
  }

  /** Bytes the exchange holds in this JVM's tasks right now. */
  static long allocatedBytes() {
    return ROOT.getAllocatedMemory();
  }
}
