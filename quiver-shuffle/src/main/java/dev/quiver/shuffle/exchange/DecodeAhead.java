package dev.quiver.shuffle.exchange;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.block.DecodedBatch;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A decode thread for a {@link ShuffleReader}: decodes blocks a few batches ahead of the caller
 * (at most {@link ShuffleReaderOptions#DECODED_BATCHES_AHEAD} waiting), so decoding overlaps the
 * caller's own work on the batch before. Batches left over at close are freed.
 */
final class DecodeAhead implements AutoCloseable {
  /** Where batches come from: the reader's decoding of the next block. */
  interface Source {
    DecodedBatch next() throws IOException;
  }

  private static final Object END = new Object();
  private static final long POLL_MILLISECONDS = 20;

  private final Source source;
  private final ReaderMetrics metrics;
  private final BlockingQueue<Object> decoded = new ArrayBlockingQueue<>(ShuffleReaderOptions.DECODED_BATCHES_AHEAD + 1);
  private final AtomicInteger state = new AtomicInteger();
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile boolean closed;

  DecodeAhead(Source source, ReaderMetrics metrics) {
    this.source = source;
    this.metrics = metrics;
  }

  void start(Executor executor) {
    if (executor != null) {
      executor.execute(this::run);
    } else {
      Thread thread = new Thread(this::run, "quiver-shuffle-decode-ahead");
      thread.setDaemon(true);
      thread.start();
    }
  }

  private void run() {
    if (!state.compareAndSet(0, 1)) {
      finished.countDown();
      return;
    }
    try {
      while (!closed) {
        DecodedBatch batch = source.next();
        if (!put(batch == null ? END : batch)) {
          if (batch != null) {
            batch.close();
          }
          return;
        }
        if (batch == null) {
          return;
        }
      }
    } catch (Throwable failure) {
      if (!closed) {
        put(failure);
      }
    } finally {
      finished.countDown();
    }
  }

  /** Waits for room; false (not put) once closed. */
  private boolean put(Object item) {
    try {
      while (!closed) {
        if (decoded.offer(item, POLL_MILLISECONDS, TimeUnit.MILLISECONDS)) {
          return true;
        }
      }
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
    return false;
  }

  /** The next batch, or null after the last. */
  DecodedBatch next() throws IOException {
    Object next = decoded.poll();
    if (next == null) {
      metrics.decodeAheadWaits.increment();
      try {
        next = decoded.take();
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for a decoded shuffle batch");
      }
    }
    if (next == END || next instanceof Throwable) {
      decoded.clear();
      decoded.add(next);
      if (next == END) {
        return null;
      }
      Throwable failure = (Throwable) next;
      if (failure instanceof IOException) {
        throw (IOException) failure;
      }
      if (failure instanceof RuntimeException) {
        throw (RuntimeException) failure;
      }
      if (failure instanceof Error) {
        throw (Error) failure;
      }
      throw new QuiverException(ErrorCode.INTERNAL, "shuffle decode-ahead failed: " + failure, failure);
    }
    return (DecodedBatch) next;
  }

  /** Stops the decode thread (the read-ahead must be told to stop first), waits, frees waiting batches. */
  @Override
  public void close() {
    closed = true;
    if (!state.compareAndSet(0, 2)) {
      boolean interrupted = false;
      while (true) {
        try {
          finished.await();
          break;
        } catch (InterruptedException again) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    for (Object item = decoded.poll(); item != null; item = decoded.poll()) {
      if (item instanceof DecodedBatch) {
        ((DecodedBatch) item).close();
      }
    }
  }
}
