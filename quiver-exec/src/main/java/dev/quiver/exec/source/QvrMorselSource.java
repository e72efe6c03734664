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
      private boolean done;

      @Override
      public Batch next() throws java.io.IOException {
        if (done) {
          return null;
        }
        done = true;
        long started = metrics.time.start();
        Batch batch = tasks.run(split);
        metrics.time.stop(started);
        if (batch != null) {
          metrics.output(batch.rowCount());
        }
        return batch;
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
