package dev.quiver.cli;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Batches that a producer pushes (a generator calling back with each batch) offered to a reader that
 * pulls them (the sort's input): the producer runs on a thread of its own and hands each batch over
 * through a small queue, so it waits while the reader is behind. {@link #next} returns the batches
 * in order, then null, or throws the producer's failure. {@link #close} stops the producer and frees
 * the batches not taken.
 */
final class PushedBatches implements AutoCloseable {
  private static final int QUEUED = 2;
  private static final Object END = new Object();

  /** What produces the batches: calls {@code consumer} with each one (which then owns it). */
  @FunctionalInterface
  interface Producer {
    void run(dev.quiver.datagen.BatchConsumer consumer) throws IOException;
  }

  private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUED);
  private final Thread thread;
  private volatile boolean closed;
  private boolean ended;

  PushedBatches(String name, Producer producer) {
    this.thread = new Thread(() -> produce(producer), name);
    thread.setDaemon(true);
    thread.start();
  }

  private void produce(Producer producer) {
    Object last = END;
    try {
      producer.run(batch -> {
        if (closed) {
          batch.close();
          throw new QuiverException(ErrorCode.CANCELLED, "the reader of the batches stopped");
        }
        try {
          queue.put(batch);
        } catch (InterruptedException interrupted) {
          batch.close();
          Thread.currentThread().interrupt();
          throw new QuiverException(ErrorCode.CANCELLED, "the reader of the batches stopped");
        }
      });
    } catch (IOException | RuntimeException failure) {
      last = failure;
    }
    try {
      queue.put(last);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** The next batch (owned by the caller), or null after the last; the producer's failure is thrown here. */
  VectorSchemaRoot next() {
    if (ended) {
      return null;
    }
    Object item;
    try {
      item = queue.take();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new QuiverException(ErrorCode.CANCELLED, "interrupted while waiting for generated batches");
    }
    if (item == END) {
      ended = true;
      return null;
    }
    if (item instanceof IOException failure) {
      ended = true;
      throw new QuiverException(ErrorCode.IO, failure.getMessage(), failure);
    }
    if (item instanceof RuntimeException failure) {
      ended = true;
      throw failure;
    }
    return (VectorSchemaRoot) item;
  }

  @Override
  public void close() {
    closed = true;
    thread.interrupt();
    try {
      while (thread.isAlive()) {
        drain();
        thread.join(10);
      }
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
    drain();
  }

  private void drain() {
    for (Object item = queue.poll(); item != null; item = queue.poll()) {
      if (item instanceof VectorSchemaRoot batch) {
        batch.close();
      }
    }
  }
}
