package dev.quiver.exec.aggregate;

import dev.quiver.common.metrics.Counter;
import dev.quiver.common.metrics.Metric;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.SinkFactory;
import dev.quiver.exec.plan.AggregateNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The hash aggregate: per-thread sinks build partial tables (keys packed by {@code
 * dev.quiver.exec.keys}, grouped on dictionary values as they are read through the codes),
 * {@link #combine} merges them, and after {@link #finish} {@link #output()} yields the groups as
 * batches of the node's schema (keys, then one column per call). Without keys it yields exactly one
 * row, even for an empty input. Past the memory limit a table is written to 16 hash partitions on
 * disk and the partitions are aggregated one at a time (partitioned again, up to {@link
 * SpillPartitions#MAX_LEVEL} times, when one still does not fit; then a RESOURCE error naming
 * HashAggregate).
 */
public final class HashAggregateFactory implements SinkFactory {
  private final AggregateSpec spec;
  private final OperatorMetrics metrics;
  private final List<Path[]> spillSets = new ArrayList<>();
  private GroupBuilder merged;
  private AggregateOutput output;
  /** Rows whose group a direct index found, over every thread's builder. */
  private final Counter directRows = new Counter("direct.rows");

  /** The aggregate of {@code node} over rows of {@code input} (the node's input schema). */
  public HashAggregateFactory(AggregateNode node, Schema input) {
    this.spec = AggregateSpec.of(node, input);
    this.metrics = new OperatorMetrics("HashAggregate", node.label());
    metrics.include(() -> new MetricsSnapshot(List.of(new Metric("direct.rows", Metric.Kind.COUNT, directRows.get()))));
  }

  @Override
  public Sink create(ExecutionContext context) {
    return new HashAggregateSink(new GroupBuilder(spec, context, context.reservation("HashAggregate"), metrics, 0),
        context, metrics);
  }

  @Override
  public synchronized void combine(Sink finished, ExecutionContext context) {
    GroupBuilder builder = ((HashAggregateSink) finished).takeBuilder();
    if (builder == null) {
      return;
    }
    directRows.add(builder.directRows());
    if (merged == null) {
      merged = builder;
      return;
    }
    try {
      spillSets.addAll(builder.finishSpills());
      merged.merge(builder.table);
    } finally {
      builder.close();
    }
  }

  @Override
  public synchronized void finish(ExecutionContext context) {
    if (merged == null) {
      merged = new GroupBuilder(spec, context, context.reservation("HashAggregate"), metrics, 0);
    }
    merged.releaseDirectIndex();
    List<Path[]> sets = new ArrayList<>(spillSets);
    sets.addAll(merged.finishSpills());
    if (sets.isEmpty()) {
      merged.ensureEmptyGroup();
      merged.resolveDistinct();
      output = AggregateOutput.inMemory(spec, metrics, merged);
    } else {
      merged.spillTable();
      sets.addAll(merged.finishSpills());
      merged.close();
      output = AggregateOutput.spilled(spec, metrics, SpillPartitions.byPartition(sets));
    }
    merged = null;
    spillSets.clear();
  }

  /** The result, after {@link #finish}. */
  public synchronized MorselSource output() {
    if (output == null) {
      throw new IllegalStateException("the aggregate is not finished");
    }
    return output;
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  @Override
  public synchronized void close() {
    if (merged != null) {
      merged.close();
      merged = null;
    }
    for (Path[] set : spillSets) {
      for (Path file : set) {
        SpillPartitions.delete(file);
      }
    }
    spillSets.clear();
    if (output != null) {
      output.close();
    }
  }
}
