package dev.quiver.shuffle.exchange;

import dev.quiver.shuffle.block.DecodedBatch;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * A decode thread for a {@link ShuffleReader}: decodes blocks a few batches ahead of the caller
 * (at most {@link ShuffleReaderOptions#DECODED_BATCHES_AHEAD} waiting), so decoding overlaps the
 * caller's own work on the batch before. Batches left over at close are freed.
 */
final class DecodeAhead extends BackgroundTask implements AutoCloseable {
  /** Where batches come from: the reader's decoding of the next block. */
  interface Source {
    DecodedBatch next() throws IOException;
  }

  private static final Object END = new Object();
  private static final long POLL_MILLISECONDS = 20;

  private final Source source;
  private final ReaderMetrics metrics;
  private final BlockingQueue<Object> decoded = new ArrayBlockingQueue<>(
      ShuffleReaderOptions.DECODED_BATCHES_AHEAD + 1);

  DecodeAhead(Source source, ReaderMetrics metrics) {
    this.source = source;
    this.metrics = metrics;
  }

  void start(Executor executor) {
    start(executor, "quiver-shuffle-decode-ahead");
  }

  @Override
  void work() {
    try {
      while (!closed()) {
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
      if (!closed()) {
        put(failure);
      }
    }
  }

  /** Waits for room; false (not put) once closed. */
  private boolean put(Object item) {
    try {
      while (!closed()) {
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
      throw rethrow((Throwable) next, "shuffle decode-ahead");
    }
    return (DecodedBatch) next;
  }

  /** Stops the decode thread (the read-ahead must be told to stop first), waits, frees waiting batches. */
  @Override
  public void close() {
    stopAndWait();
    for (Object item = decoded.poll(); item != null; item = decoded.poll()) {
      if (item instanceof DecodedBatch) {
        ((DecodedBatch) item).close();
      }
    }
  }
}
