package dev.quiver.exec.sort;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import java.io.IOException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Schema;

/** Writes sorted runs to spill files, a bounded batch at a time, and counts what it wrote. */
final class RunSpiller {
  private final Schema schema;
  private final OperatorMetrics metrics;

  RunSpiller(Schema schema, OperatorMetrics metrics) {
    this.schema = schema;
    this.metrics = metrics;
  }

  /** A new spill file for {@code context}'s query. */
  SpillWriter newWriter(ExecutionContext context) {
    try {
      return new SpillWriter(context.newSpillFile(metrics.operator()), schema);
    } catch (IOException failure) {
      throw new QuiverException(ErrorCode.IO, metrics.operator() + " could not create a spill file: "
          + failure.getMessage(), failure);
    }
  }

  /** Writes the run's rows in sorted order in batches of {@code batchRows} (the run stays open). */
  SpillFile spill(MemoryRun run, ExecutionContext context, int batchRows) {
    int chunk = Math.max(1, batchRows);
    int[] sources = new int[chunk];
    int[] rows = new int[chunk];
    RowGather gather = run.newGather(schema);
    try (SpillWriter writer = newWriter(context)) {
      for (int from = 0; from < run.rows; from += chunk) {
        context.checkCancelled();
        int count = Math.min(chunk, run.rows - from);
        FieldVector[] columns = run.gather(gather, from, count, context.allocator(), sources, rows);
        writer.write(columns, count);
      }
      return written(writer.finish());
    }
  }

  /** Counts a finished spill file in the metrics. */
  SpillFile written(SpillFile file) {
    metrics.spills.increment();
    metrics.spilledBytes.add(file.bytes());
    return file;
  }

  /**
   * Rows per spilled batch: about an eighth of {@code budget}, at most {@code batchRows}, at least one
   * (wide rows under a small limit: a merge must hold a batch of each run it reads at once).
   */
  static int spillBatchRows(long budget, long bytes, long rows, int batchRows) {
    long rowBytes = Math.max(1, rows == 0 ? 1 : bytes / rows);
    long fit = budget / 8 / rowBytes;
    return (int) Math.max(1, Math.min(batchRows, fit));
  }
}
