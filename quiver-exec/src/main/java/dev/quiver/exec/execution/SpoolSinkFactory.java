package dev.quiver.exec.execution;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.SinkFactory;
import java.util.List;

/**
 * The output of a sub-plan that appears more than once in a plan (the same aggregate over the same input, as a
 * WITH query referenced twice makes), computed once: its batches are kept as a {@link CollectSinkFactory} keeps
 * them, their memory reserved, and each occurrence reads them all through {@link #reader()} as batches sharing
 * that memory. The batches are freed once every reader has read to the end, or when the query ends.
 */
final class SpoolSinkFactory implements SinkFactory {
  private final OperatorMetrics metrics;
  private final CollectSinkFactory collected = new CollectSinkFactory();
  /** The kept batches, once the sub-plan finished. */
  private List<Batch> batches = List.of();
  private int readersLeft;

  /** A spool read by {@code readers} occurrences, its metrics labelled as {@code label} (the shared node). */
  SpoolSinkFactory(int readers, String label) {
    this.readersLeft = readers;
    this.metrics = new OperatorMetrics("Spool", label);
  }

  @Override
  public Sink create(ExecutionContext context) {
    return collected.create(context);
  }

  @Override
  public void combine(Sink finished, ExecutionContext context) {}

  @Override
  public synchronized void finish(ExecutionContext context) {
    batches = collected.kept();
    for (Batch batch : batches) {
      metrics.input(batch.rowCount());
    }
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  /** One occurrence's read of every kept batch (one per morsel), as batches sharing the kept memory. */
  MorselSource reader() {
    return new MorselSource() {
      /** The next batch to hand out (read and moved under the spool's lock). */
      private int next;
      private boolean done;

      @Override
      public Morsel next(ExecutionContext context) {
        context.checkCancelled();
        Batch shared;
        synchronized (SpoolSinkFactory.this) {
          int index = next++;
          if (index >= batches.size()) {
            if (!done) {
              done = true;
              readerDone();
            }
            return null;
          }
          shared = batches.get(index).share(context.allocator());
        }
        return Morsel.of(shared, metrics);
      }

      @Override
      public OperatorMetrics metrics() {
        return metrics;
      }
    };
  }

  /** A reader read everything: the last one frees the batches. */
  private synchronized void readerDone() {
    if (--readersLeft == 0) {
      close();
    }
  }

  @Override
  public synchronized void close() {
    batches = List.of();
    collected.close();
  }
}
