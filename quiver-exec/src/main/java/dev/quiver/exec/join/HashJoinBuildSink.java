package dev.quiver.exec.join;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/** One thread's share of a hash join's build side: its batches, dense (selections applied, dictionaries decoded). */
final class HashJoinBuildSink implements Sink {
  private final ExecutionContext context;
  private final OperatorMetrics metrics;
  final List<VectorSchemaRoot> batches = new ArrayList<>();
  long rows;

  HashJoinBuildSink(ExecutionContext context, OperatorMetrics metrics) {
    this.context = context;
    this.metrics = metrics;
  }

  @Override
  public void consume(Batch batch) {
    try (batch) {
      context.checkCancelled();
      long started = System.nanoTime();
      metrics.input(batch.rowCount());
      if (batch.rowCount() == 0) {
        return;
      }
      try {
        VectorSchemaRoot root = batch.materialize(context.allocator());
        batches.add(root);
        rows += root.getRowCount();
      } catch (QuiverException failure) {
        if (failure.errorCode() == ErrorCode.RESOURCE) {
          throw new QuiverException(ErrorCode.RESOURCE, "HashJoin cannot hold its build side in the query's memory"
              + " limit of " + context.memory().limit() + " bytes (spilling the build side to disk is not"
              + " implemented yet); raise --memory-limit", failure);
        }
        throw failure;
      }
      metrics.memory(context.memory().used());
      metrics.time.add(System.nanoTime() - started);
    }
  }

  @Override
  public void close() {
    batches.forEach(VectorSchemaRoot::close);
    batches.clear();
  }
}
