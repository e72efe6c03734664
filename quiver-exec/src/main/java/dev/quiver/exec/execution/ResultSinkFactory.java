package dev.quiver.exec.execution;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.SinkFactory;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The end of the last pipeline: batches go into a bounded queue the consumer reads (back-pressure:
 * a slow consumer slows the query), followed by an end mark or the query's failure.
 */
final class ResultSinkFactory implements SinkFactory {
  /** What the queue holds: a batch, the end, or a failure. */
  record Item(Batch batch, RuntimeException failure) {
    static final Item END = new Item(null, null);
  }

  private final BlockingQueue<Item> queue;
  private final ExecutionContext context;
  private final OperatorMetrics metrics = new OperatorMetrics("Result", "");

  ResultSinkFactory(ExecutionContext context, int capacity) {
    this.context = context;
    this.queue = new ArrayBlockingQueue<>(capacity);
  }

  BlockingQueue<Item> queue() {
    return queue;
  }

  @Override
  public Sink create(ExecutionContext unused) {
    return batch -> {
      if (batch.rowCount() == 0) {
        batch.close();
        return;
      }
      put(new Item(batch, null), batch);
    };
  }

  private void put(Item item, Batch batch) {
    try {
      while (!queue.offer(item, 50, TimeUnit.MILLISECONDS)) {
        if (context.isCancelled()) {
          if (batch != null) {
            batch.close();
          }
          context.checkCancelled();
        }
      }
      if (batch != null) {
        metrics.output(batch.rowCount());
      }
    } catch (InterruptedException interrupted) {
      if (batch != null) {
        batch.close();
      }
      Thread.currentThread().interrupt();
      throw new QuiverException(ErrorCode.CANCELLED, "the query was interrupted");
    }
  }

  /** Marks the end (or the failure) for the consumer; never blocks past cancellation. */
  void end(RuntimeException failure) {
    if (failure == null) {
      put(Item.END, null);
      return;
    }
    Item item = new Item(null, failure);
    while (!queue.offer(item)) {
      Item dropped = queue.poll();
      if (dropped != null && dropped.batch() != null) {
        dropped.batch().close();
      }
    }
  }

  @Override
  public void combine(Sink finished, ExecutionContext unused) {}

  @Override
  public void finish(ExecutionContext unused) {}

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  /** Frees batches nobody read. */
  void drain() {
    Item item;
    while ((item = queue.poll()) != null) {
      if (item.batch() != null) {
        item.batch().close();
      }
    }
  }
}
