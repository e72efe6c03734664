package dev.quiver.exec.source;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.scan.execution.ScanTasks;
import dev.quiver.scan.plan.Split;

/** The splits of a `.qvr` scan as morsels: one split per morsel, run on the thread that takes it. */
final class QvrMorselSource implements MorselSource {
  private final ScanTasks tasks;
  private final OperatorMetrics metrics;

  QvrMorselSource(String table, ScanTasks tasks) {
    this.tasks = tasks;
    this.metrics = new OperatorMetrics("Scan", table + " (" + tasks.splitCount() + " splits)");
    metrics.include(() -> tasks.metrics().snapshot().prefixed("scan"));
  }

  @Override
  public Morsel next(ExecutionContext context) {
    Split split = tasks.next();
    if (split == null) {
      return null;
    }
    return new Morsel() {
      private java.util.ArrayDeque<Batch> pieces;

      @Override
      public Batch next() throws java.io.IOException {
        if (pieces == null) {
          pieces = new java.util.ArrayDeque<>();
          long started = metrics.time.start();
          Batch batch = tasks.run(split);
          if (batch != null) {
            pieces.addAll(BatchSlices.cut(batch, context.batchRows(), context.sourceAllocator()));
          }
          metrics.time.stop(started);
        }
        Batch piece = pieces.poll();
        if (piece != null) {
          metrics.output(piece.rowCount());
        }
        return piece;
      }

      @Override
      public void close() {
        if (pieces != null) {
          pieces.forEach(Batch::close);
          pieces.clear();
        }
      }
    };
  }

  @Override
  public double progress() {
    int total = tasks.splitCount();
    return total == 0 ? 1.0 : Math.min(1.0, (double) tasks.splitsTaken() / total);
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  @Override
  public void close() {
    tasks.close();
  }
}
