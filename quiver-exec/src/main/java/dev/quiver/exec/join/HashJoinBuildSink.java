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

  private final HashJoinBuildFactory factory;
  /** Where this sink's rows go once the build side spills (null before). */
  JoinPartitions partitions;

  HashJoinBuildSink(HashJoinBuildFactory factory, ExecutionContext context, OperatorMetrics metrics) {
    this.factory = factory;
    this.context = context;
    this.metrics = metrics;
  }

  @Override
  public void consume(Batch batch) {
    try {
      consumeOwned(batch);
    } catch (org.apache.arrow.memory.OutOfMemoryException exhausted) {
      throw dev.quiver.exec.operator.ResourceErrors.outOfMemory("HashJoin", exhausted);
    }
  }

  private void consumeOwned(Batch batch) {
    try (batch) {
      context.checkCancelled();
      if (batch.rowCount() == 0) {
        return;
      }
      try {
        VectorSchemaRoot root = context.retain(batch);
        rows += root.getRowCount();
        if (partitions == null && !factory.shouldSpill(context)) {
          batches.add(root);
        } else {
          startSpilling();
          try (root) {
            partitions.add(root.getFieldVectors(), root.getRowCount(), null);
          }
        }
      } catch (QuiverException failure) {
        if (failure.errorCode() == ErrorCode.RESOURCE) {
          throw new QuiverException(ErrorCode.RESOURCE, "HashJoin cannot hold its build side in the query's memory"
              + " limit of " + context.memory().limit() + " bytes, even writing it to disk; raise --memory-limit",
              failure);
        }
        throw failure;
      }
      metrics.memory(context.memory().used());
    }
  }

  /** Writes the batches held so far to hash partitions on disk; later batches go there directly. */
  void startSpilling() {
    if (partitions == null) {
      JoinSpec spec = factory.spec;
      partitions = new JoinPartitions(context, metrics, spec.right, spec.rightKeys, spec.rightLayout);
      factory.spilling = true;
    }
    for (VectorSchemaRoot held : batches) {
      try (held) {
        partitions.add(held.getFieldVectors(), held.getRowCount(), null);
      }
    }
    batches.clear();
  }

  @Override
  public void close() {
    batches.forEach(VectorSchemaRoot::close);
    batches.clear();
    if (partitions != null) {
      partitions.close();
      partitions = null;
    }
  }
}
