package dev.quiver.datagen.synthetic;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.datagen.BatchConsumer;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Makes the batches of a {@link SyntheticTable} on several threads and hands them to one consumer in
 * table order, so the consumer sees the same batches whatever the thread count. Memory stays a few
 * batches: at most two per thread are made ahead of the consumer.
 */
public final class SyntheticBatches {
  private SyntheticBatches() {}

  /**
   * Generates every batch of {@code table}.
   *
   * @param threads generator threads (at least 1)
   * @param name the name of the threads
   * @param consumer takes each batch, in order, and closes it
   */
  public static void generate(SyntheticTable table, int threads, BufferAllocator allocator, String name,
      BatchConsumer consumer) throws IOException {
    if (threads < 1) {
      throw QuiverException.user("threads must be at least 1, not " + threads);
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    });
    Deque<Future<VectorSchemaRoot>> pending = new ArrayDeque<>();
    try {
      int next = 0;
      while (next < table.batchCount() || !pending.isEmpty()) {
        while (next < table.batchCount() && pending.size() < 2 * threads) {
          int index = next++;
          pending.add(pool.submit(() -> table.batch(index, allocator)));
        }
        consumer.accept(take(pending.removeFirst()));
      }
    } finally {
      pool.shutdownNow();
      for (Future<VectorSchemaRoot> future : pending) {
        closeQuietly(future);
      }
    }
  }

  private static VectorSchemaRoot take(Future<VectorSchemaRoot> future) throws IOException {
    try {
      return future.get();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while generating data");
    } catch (ExecutionException failure) {
      Throwable cause = failure.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      throw new QuiverException(ErrorCode.INTERNAL, "generating a batch failed: " + cause, cause);
    }
  }

  private static void closeQuietly(Future<VectorSchemaRoot> future) {
    try {
      future.get().close();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | RuntimeException ignored) {
      // the batch failed or was never made: nothing to free
    }
  }
}
