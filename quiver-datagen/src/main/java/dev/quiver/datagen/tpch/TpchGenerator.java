package dev.quiver.datagen.tpch;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.datagen.BatchConsumer;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Generates a TPC-H table as Arrow batches with {@code io.trino.tpch}, its parts on several threads,
 * handed to one consumer in row order (the same rows, in the same order, as one generator for the
 * whole table). Memory stays bounded: each part buffers at most {@link #QUEUED_BATCHES} batches, and
 * at most {@code threads} parts run at once.
 */
public final class TpchGenerator {
  /** Batches a part may have ready before it waits for the consumer. */
  public static final int QUEUED_BATCHES = 4;
  /** Rows per part, about, for large tables. */
  static final long ROWS_PER_PART = 250_000;
  /** Tables of fewer rows are one part; larger ones at least one part per thread. */
  static final long SMALL_TABLE_ROWS = 10_000;

  private static final Object END = new Object();

  private TpchGenerator() {}

  /**
   * Generates {@code table} at {@code scale}.
   *
   * @param threads generator threads (at least 1)
   * @return the rows generated
   */
  public static <E extends TpchEntity> long generate(TpchTable<E> table, double scale, int threads, int batchRows,
      BufferAllocator allocator, BatchConsumer consumer) throws IOException {
    long estimated = TpchSchemas.estimatedRows(table, scale);
    int partCount = estimated < SMALL_TABLE_ROWS ? 1
        : (int) Math.max(threads, Math.min(10_000, (estimated + ROWS_PER_PART - 1) / ROWS_PER_PART));
    List<BlockingQueue<Object>> queues = new ArrayList<>();
    for (int part = 0; part < partCount; part++) {
      queues.add(new ArrayBlockingQueue<>(QUEUED_BATCHES + 1));
    }
    AtomicBoolean cancelled = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), runnable -> {
      Thread thread = new Thread(runnable, "tpch-" + table.getTableName());
      thread.setDaemon(true);
      return thread;
    });
    long rows = 0;
    try {
      for (int part = 0; part < partCount; part++) {
        int index = part;
        pool.execute(
            () -> producePart(table, scale, index + 1, partCount, batchRows, allocator, queues.get(index), cancelled));
      }
      for (BlockingQueue<Object> queue : queues) {
        for (Object item = take(queue); item != END; item = take(queue)) {
          if (item instanceof Throwable) {
            throw failure((Throwable) item);
          }
          VectorSchemaRoot batch = (VectorSchemaRoot) item;
          rows += batch.getRowCount();
          consumer.accept(batch);
        }
      }
      return rows;
    } finally {
      cancelled.set(true);
      pool.shutdownNow();
      awaitQuietly(pool);
      for (BlockingQueue<Object> queue : queues) {
        for (Object item = queue.poll(); item != null; item = queue.poll()) {
          if (item instanceof VectorSchemaRoot) {
            ((VectorSchemaRoot) item).close();
          }
        }
      }
    }
  }

  /**
   * Generates part {@code part} (1-based) of {@code partCount} of {@code table} on the calling thread,
   * in batches of {@code batchRows}; each batch goes to {@code consumer}, which owns (closes) it. The
   * parts together hold the rows of the whole table (as a map task reads its split).
   *
   * @return the rows generated
   */
  public static <E extends TpchEntity> long generatePart(TpchTable<E> table, double scale, int part, int partCount,
      int batchRows, BufferAllocator allocator, BatchConsumer consumer) throws IOException {
    TpchBatchFiller<E> filler = new TpchBatchFiller<>(table, scale, part, partCount, allocator, batchRows);
    long rows = 0;
    for (VectorSchemaRoot batch = filler.next(); batch != null; batch = filler.next()) {
      rows += batch.getRowCount();
      consumer.accept(batch);
    }
    return rows;
  }

  private static <E extends TpchEntity> void producePart(TpchTable<E> table, double scale, int part, int partCount,
      int batchRows, BufferAllocator allocator, BlockingQueue<Object> queue, AtomicBoolean cancelled) {
    try {
      TpchBatchFiller<E> filler = new TpchBatchFiller<>(table, scale, part, partCount, allocator, batchRows);
      for (VectorSchemaRoot batch = filler.next(); batch != null; batch = filler.next()) {
        if (!offer(queue, batch, cancelled)) {
          batch.close();
          return;
        }
      }
      offer(queue, END, cancelled);
    } catch (Throwable failure) {
      offer(queue, failure, cancelled);
    }
  }

  /** Puts {@code item}, waiting for room; false (not put) once the run is cancelled. */
  private static boolean offer(BlockingQueue<Object> queue, Object item, AtomicBoolean cancelled) {
    try {
      while (!cancelled.get()) {
        if (queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
          return true;
        }
      }
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
    return false;
  }

  private static Object take(BlockingQueue<Object> queue) throws IOException {
    try {
      return queue.take();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while generating TPC-H data");
    }
  }

  private static void awaitQuietly(ExecutorService pool) {
    try {
      pool.awaitTermination(1, TimeUnit.MINUTES);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static RuntimeException failure(Throwable cause) {
    if (cause instanceof RuntimeException) {
      return (RuntimeException) cause;
    }
    if (cause instanceof Error) {
      throw (Error) cause;
    }
    return new QuiverException(ErrorCode.INTERNAL, "TPC-H generation failed: " + cause, cause);
  }
}
