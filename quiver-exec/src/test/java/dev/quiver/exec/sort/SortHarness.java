package dev.quiver.exec.sort;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.memory.MemoryPool;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.SinkFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Runs a sink factory the way the executor does: one sink per thread fed its share of the pieces
 * (made in the query's allocator just before they are consumed), combined, finished; then the output
 * read on one thread. Frees everything, also on failure.
 */
final class SortHarness {
  private SortHarness() {}

  static ExecutionContext context(MemoryPool pool, int threads, Path spill, int batchRows) {
    return new ExecutionContext(pool, threads, spill, batchRows);
  }

  /** Feeds the pieces (made in the query's allocator) into the factory on {@code threads} threads, then finishes it. */
  static void feed(SinkFactory factory, ExecutionContext context, List<SortTestData.Piece> pieces) throws Exception {
    feed(factory, context, pieces, context.allocator());
  }

  /**
   * Feeds the pieces into the factory on {@code threads} threads, then finishes it; the batches are
   * made in {@code input} (the query's allocator, or its source allocator outside the limit as a
   * scan's are).
   */
  static void feed(SinkFactory factory, ExecutionContext context, List<SortTestData.Piece> pieces,
      BufferAllocator input) throws Exception {
    int threads = context.threads();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int thread = 0; thread < threads; thread++) {
        int first = thread;
        running.add(pool.submit(() -> {
          try (Sink sink = factory.create(context)) {
            for (int i = first; i < pieces.size() && !sink.isDone(); i += threads) {
              context.checkCancelled();
              sink.consume(SortTestData.batch(pieces.get(i), input));
            }
            factory.combine(sink, context);
          } catch (RuntimeException failure) {
            context.cancel(String.valueOf(failure.getMessage()));
            throw failure;
          }
          return null;
        }));
      }
      Exception first = null;
      for (Future<?> future : running) {
        try {
          future.get();
        } catch (java.util.concurrent.ExecutionException failed) {
          Throwable cause = failed.getCause();
          if (first == null || !(cause.getMessage() != null && cause.getMessage().contains("cancelled"))) {
            first = cause instanceof Exception exception ? exception : new RuntimeException(cause);
          }
        }
      }
      if (first != null) {
        throw first;
      }
    } finally {
      pool.shutdownNow();
    }
    factory.finish(context);
  }

  /** Reads the factory's output on this thread; {@code perBatch} sees each batch's row count. */
  static List<Object[]> read(SortFactory factory, ExecutionContext context, BufferAllocator allocator,
      Consumer<Integer> perBatch) throws Exception {
    List<Object[]> rows = new ArrayList<>();
    try (Morsel morsel = factory.output().next(context)) {
      if (morsel == null) {
        return rows;
      }
      Batch batch;
      while ((batch = morsel.next()) != null) {
        perBatch.accept(batch.rowCount());
        rows.addAll(SortTestData.read(batch, allocator));
      }
    }
    return rows;
  }
}
