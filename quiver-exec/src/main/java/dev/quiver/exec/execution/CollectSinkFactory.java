package dev.quiver.exec.execution;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.SinkFactory;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Keeps every batch of one or more pipelines (the inputs of a UNION ALL), its memory reserved, and
 * hands them out again one batch per morsel.
 */
final class CollectSinkFactory implements SinkFactory {
  private final OperatorMetrics metrics = new OperatorMetrics("Collect", "");
  private final Deque<Batch> batches = new ArrayDeque<>();
  private final List<MemoryReservation> reservations = new ArrayList<>();

  CollectSinkFactory() {}

  @Override
  public Sink create(ExecutionContext context) {
    MemoryReservation reservation = context.reservation("Collect");
    synchronized (this) {
      reservations.add(reservation);
    }
    return batch -> {
      reservation.grow(bytes(batch));
      synchronized (this) {
        batches.add(batch);
      }
    };
  }

  private static long bytes(Batch batch) {
    long total = 0;
    for (int column = 0; column < batch.columnCount(); column++) {
      total += batch.vector(column).getBufferSize();
    }
    return total;
  }

  @Override
  public void combine(Sink finished, ExecutionContext context) {}

  @Override
  public void finish(ExecutionContext context) {}

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  /** The batches kept so far, still owned (and freed on close) by this factory. */
  synchronized List<Batch> kept() {
    return List.copyOf(batches);
  }

  /** The collected batches, one per morsel (columns by position; the result names them as the plan says). */
  MorselSource output() {
    return new MorselSource() {
      @Override
      public Morsel next(ExecutionContext context) {
        Batch batch;
        synchronized (CollectSinkFactory.this) {
          batch = batches.poll();
        }
        if (batch == null) {
          return null;
        }
        return Morsel.of(batch, metrics);
      }

      @Override
      public OperatorMetrics metrics() {
        return metrics;
      }
    };
  }

  @Override
  public synchronized void close() {
    batches.forEach(Batch::close);
    batches.clear();
    reservations.forEach(MemoryReservation::close);
  }
}
