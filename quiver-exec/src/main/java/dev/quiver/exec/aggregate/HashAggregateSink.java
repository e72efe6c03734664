package dev.quiver.exec.aggregate;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;

/** One thread's partial aggregate: a {@link GroupBuilder} fed batch by batch. */
final class HashAggregateSink implements Sink {
  private final ExecutionContext context;
  private GroupBuilder builder;

  HashAggregateSink(GroupBuilder builder, ExecutionContext context, OperatorMetrics metrics) {
    this.builder = builder;
    this.context = context;
  }

  @Override
  public void consume(Batch batch) {
    try (batch) {
      context.checkCancelled();
      builder.add(batch);
    }
  }

  /** Hands the builder over to the factory (the sink no longer frees it). */
  GroupBuilder takeBuilder() {
    GroupBuilder taken = builder;
    builder = null;
    return taken;
  }

  @Override
  public void close() {
    if (builder != null) {
      builder.close();
      builder = null;
    }
  }
}
