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
import dev.quiver.exec.plan.ExchangeNode;
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
  /**
   * Whether a GROUP BY over keys with these statistics ranges (one per key) is grouped through a direct-indexed
   * table: every key bounded, the ranges multiplying to at most {@link DirectGroupIndex#MAX_SLOTS} slots. Each
   * thread's partial table then costs little to build and to merge, so the planner puts no exchange before it
   * (measured on TPC-H Q18's 1.5M orders at two threads: 0.42–0.48 s without it, 0.56–0.77 s with it).
   */
  public static boolean directlyIndexed(List<dev.quiver.exec.plan.KeyRange> ranges, int keyCount) {
    if (keyCount == 0 || ranges.size() != keyCount) {
      return false;
    }
    return DirectGroupIndex.slots(ranges, DirectGroupIndex.MAX_SLOTS) > 0;
  }

  private final AggregateSpec spec;
  private final OperatorMetrics metrics;
  private final List<Path[]> spillSets = new ArrayList<>();
  private GroupBuilder merged;
  /**
   * Whether the input is an exchange on (a subset of) the group keys: when it did repartition, one partition per
   * thread at a time, no two threads hold the same group and their tables are output without merging.
   */
  private final boolean keyedByExchange;
  /** Whether the exchange below did repartition (asked once its map tasks finished, when the first table comes). */
  private final java.util.function.BooleanSupplier partitionedInput;
  /** The threads' tables, when disjoint. */
  private final List<GroupBuilder> parts = new ArrayList<>();
  private AggregateOutput output;
  /** Rows whose group a direct index found, over every thread's builder. */
  private final Counter directRows = new Counter("direct.rows");
  private final Counter codeRows = new Counter("dictionary.rows");
  private final Counter runRows = new Counter("runs.rows");
  /** The top-N reading the output, when the plan has one right above ({@link #boundOutput}). */
  private OutputBound bound;

  /** The aggregate of {@code node} over rows of {@code input} (the node's input schema). */
  public HashAggregateFactory(AggregateNode node, Schema input) {
    this(node, input, false);
  }

  /**
   * @param partitionedInput whether the node's input is an exchange that repartitions by (a subset
   *     of) its group keys, each partition read by one thread
   */
  public HashAggregateFactory(AggregateNode node, Schema input, boolean partitionedInput) {
    this(node, input, () -> partitionedInput);
  }

  /**
   * @param partitionedInput whether the node's input exchange did repartition by (a subset of) its group keys, each
   *     partition read by one thread: asked after the exchange finished (it may pass few rows through as they came)
   */
  public HashAggregateFactory(AggregateNode node, Schema input, java.util.function.BooleanSupplier partitionedInput) {
    this.spec = AggregateSpec.of(node, input);
    this.metrics = new OperatorMetrics("HashAggregate", node.label());
    this.partitionedInput = partitionedInput;
    this.keyedByExchange = node.input() instanceof ExchangeNode exchange && !node.groupKeys().isEmpty()
        && node.groupKeys().containsAll(exchange.keys());
    metrics.include(() -> new MetricsSnapshot(List.of(new Metric("direct.rows", Metric.Kind.COUNT, directRows.get()),
        new Metric("dictionary.rows", Metric.Kind.COUNT, codeRows.get()),
        new Metric("runs.rows", Metric.Kind.COUNT, runRows.get()),
        new Metric("topn.groups.skipped", Metric.Kind.COUNT, skippedGroups()))));
  }

  /**
   * Tells the aggregate that a top-N reads its output first by a call's value, so its tables in memory write only the
   * groups that can reach it ({@link OutputBound}); call before {@link #finish}.
   */
  public synchronized HashAggregateFactory boundOutput(OutputBound outputBound) {
    this.bound = outputBound;
    return this;
  }

  private synchronized long skippedGroups() {
    return output == null ? 0 : output.bounded();
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
    codeRows.add(builder.codeRows());
    runRows.add(builder.runRows());
    if (keyedByExchange && partitionedInput.getAsBoolean()) {
      parts.add(builder);
      return;
    }
    mergeIn(builder);
  }

  /** Merges a thread's table (and its spills) into {@link #merged}, or makes it the merged one. */
  private void mergeIn(GroupBuilder builder) {
    if (merged == null) {
      merged = builder;
      return;
    }
    try {
      spillSets.addAll(builder.finishSpills());
      builder.releaseDirectIndex(); // no row is added to it any more: its index goes before the merge grows the other
      merged.merge(builder.table);
    } finally {
      builder.close();
    }
  }

  @Override
  public synchronized void finish(ExecutionContext context) {
    if (!parts.isEmpty() && parts.stream().noneMatch(GroupBuilder::spilled)) {
      for (GroupBuilder part : parts) {
        part.releaseDirectIndex();
        part.resolveDistinct();
      }
      output = AggregateOutput.inMemory(spec, metrics, List.copyOf(parts), bound);
      parts.clear();
      return;
    }
    // a thread's table spilled: its partitions on disk are merged with the others' by hash partition
    parts.forEach(this::mergeIn);
    parts.clear();
    if (merged == null) {
      merged = new GroupBuilder(spec, context, context.reservation("HashAggregate"), metrics, 0);
    }
    merged.releaseDirectIndex();
    List<Path[]> sets = new ArrayList<>(spillSets);
    sets.addAll(merged.finishSpills());
    if (sets.isEmpty()) {
      merged.ensureEmptyGroup();
      merged.resolveDistinct();
      output = AggregateOutput.inMemory(spec, metrics, merged, bound);
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
    parts.forEach(GroupBuilder::close);
    parts.clear();
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
