package dev.quiver.exec.execution;

import dev.quiver.exec.aggregate.HashAggregateFactory;
import dev.quiver.exec.aggregate.OutputBound;
import dev.quiver.exec.exchange.ExchangeSinkFactory;
import dev.quiver.exec.expression.ExpressionCompiler;
import dev.quiver.exec.join.HashJoinBuildFactory;
import dev.quiver.exec.join.HashJoinProbeFactory;
import dev.quiver.exec.join.RuntimeJoinFilters;
import dev.quiver.exec.nested.NestedLoopJoinBuildFactory;
import dev.quiver.exec.nested.NestedLoopJoinProbeFactory;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.SinkFactory;
import dev.quiver.exec.plan.AggregateNode;
import dev.quiver.exec.plan.ExchangeNode;
import dev.quiver.exec.plan.ExpandNode;
import dev.quiver.exec.plan.FilterNode;
import dev.quiver.exec.plan.JoinNode;
import dev.quiver.exec.plan.LimitNode;
import dev.quiver.exec.plan.NestedLoopJoinNode;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.ProjectNode;
import dev.quiver.exec.plan.RecursiveUnionNode;
import dev.quiver.exec.plan.SortKey;
import dev.quiver.exec.plan.SortNode;
import dev.quiver.exec.plan.TableScanNode;
import dev.quiver.exec.plan.UnionAllNode;
import dev.quiver.exec.plan.ValuesNode;
import dev.quiver.exec.plan.WindowNode;
import dev.quiver.exec.recursive.RecursiveUnionSource;
import dev.quiver.exec.recursive.SubPlanRunner;
import dev.quiver.exec.sort.LimitFactory;
import dev.quiver.exec.sort.SortFactory;
import dev.quiver.exec.sort.ValuesSource;
import dev.quiver.exec.window.WindowFactory;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cuts a plan into pipelines at its breakers (aggregate, sort, join build, union inputs): streaming
 * nodes join the pipeline of their input; a breaker ends its input's pipeline in its sink and starts
 * a new one from its output. Pipelines are listed in the order they must run. Also keeps, per plan
 * node, the metrics of the operators made for it (EXPLAIN ANALYZE).
 */
final class PipelineBuilder {
  private final ExecutionContext context;
  private final List<Pipeline> pipelines = new ArrayList<>();
  private final IdentityHashMap<PlanNode, List<OperatorMetrics>> metrics = new IdentityHashMap<>();
  private final List<AutoCloseable> resources = new ArrayList<>();
  private final List<MorselSource> scans = new ArrayList<>();
  /** The exchanges that may repartition, by node (the others pass rows through). */
  private final Map<PlanNode, ExchangeSinkFactory> repartitioned = new IdentityHashMap<>();
  private final SubPlanRunner subPlans;
  private final boolean runtimeJoinFilters;
  private RuntimeJoinFilters runtimeFilters = RuntimeJoinFilters.none();
  /**
   * How many times each aggregate (with its whole input) appears in the plan, by value: one that appears more
   * than once is computed once, into a {@link SpoolSinkFactory} its occurrences read.
   */
  private final Map<PlanNode, Integer> aggregateOccurrences = new java.util.HashMap<>();
  private final Map<PlanNode, SpoolSinkFactory> spools = new java.util.HashMap<>();
  /** Aggregates a top-N reads right above, with what it keeps ({@link #boundFor}). */
  private final Map<AggregateNode, OutputBound> outputBounds = new IdentityHashMap<>();
  private final boolean sharedAggregates = !"false".equals(System.getProperty("quiver.sharedAggregates"));
  private int scanCount;
  private int nextId;

  /** @param subPlans runs a recursion's steps inside the query */
  PipelineBuilder(ExecutionContext context, SubPlanRunner subPlans, boolean runtimeJoinFilters) {
    this.context = context;
    this.subPlans = subPlans;
    this.runtimeJoinFilters = runtimeJoinFilters;
  }

  List<Pipeline> pipelines() {
    return pipelines;
  }

  Map<PlanNode, List<OperatorMetrics>> metrics() {
    return metrics;
  }

  /** Everything made (factories, sources) to close when the query ends, in the order made. */
  List<AutoCloseable> resources() {
    return resources;
  }

  /** How far the scans got, 0 to 1 (scans not started yet count as 0). */
  double progress() {
    synchronized (resources) {
      if (scanCount == 0) {
        return Double.NaN;
      }
      double done = 0;
      for (MorselSource scan : scans) {
        double fraction = scan.progress();
        done += Double.isNaN(fraction) ? 0 : fraction;
      }
      return done / scanCount;
    }
  }

  /** Builds the pipelines of {@code plan}; the last one ends in {@code result}. */
  void build(PlanNode plan, SinkFactory result) {
    if (runtimeJoinFilters) {
      runtimeFilters = new RuntimeJoinFilters(plan);
    }
    if (sharedAggregates) {
      countAggregates(plan);
    }
    Pipeline last = open(plan);
    finish(last, result, null);
  }

  /** Counts each aggregate's occurrences (by value), not counting again inside a repeated one. */
  private void countAggregates(PlanNode node) {
    if (node instanceof AggregateNode && aggregateOccurrences.merge(node, 1, Integer::sum) > 1) {
      return;
    }
    for (PlanNode input : node.inputs()) {
      countAggregates(input);
    }
  }

  /**
   * An aggregate that appears more than once: the first occurrence builds it and its output pipeline ends in a
   * spool; every occurrence reads the spool. The aggregate runs once, and no runtime join filter reaches below
   * it (filters follow a pipeline, which an aggregate ends), so every occurrence sees the same rows.
   */
  private Pipeline sharedAggregate(AggregateNode aggregate, int occurrences) {
    SpoolSinkFactory spool = spools.get(aggregate);
    if (spool == null) {
      spool = new SpoolSinkFactory(occurrences, aggregate.label());
      Pipeline output = aggregatePipeline(aggregate);
      finish(output, spool, null);
      spools.put(aggregate, spool);
    }
    SpoolSinkFactory kept = spool;
    record(aggregate, kept.metrics());
    return newPipeline(() -> track(aggregate, kept.reader()), aggregate, false);
  }

  /**
   * What a top-N right above an aggregate (not a shared one) keeps, when its first key is one of the aggregate's
   * calls: the aggregate then outputs only the groups that can reach it; else null.
   */
  private OutputBound boundFor(SortNode sort) {
    if (sort.limit() < 0 || sort.distinctKeys() > 0 || !(sort.input() instanceof AggregateNode aggregate)
        || aggregateOccurrences.getOrDefault(aggregate, 1) > 1 || aggregate.groupKeys().isEmpty()) {
      return null;
    }
    SortKey first = sort.keys().get(0);
    int call = first.column() - aggregate.groupKeys().size();
    long keep = sort.offset() + sort.limit();
    if (call < 0 || keep < 1 || keep > Integer.MAX_VALUE / 4) {
      return null;
    }
    return new OutputBound(call, !first.ascending(), keep, sort.keys().size() == 1);
  }

  private Pipeline aggregatePipeline(AggregateNode aggregate) {
    Pipeline input = open(aggregate.input());
    ExchangeSinkFactory exchange = repartitioned.get(aggregate.input());
    HashAggregateFactory sink = new HashAggregateFactory(aggregate, aggregate.input().schema(),
        () -> exchange != null && exchange.repartitioned());
    OutputBound bound = outputBounds.get(aggregate);
    if (bound != null) {
      sink.boundOutput(bound);
    }
    finish(input, sink, aggregate);
    return newPipeline(() -> track(aggregate, sink.output()), aggregate, false);
  }

  private Pipeline open(PlanNode node) {
    if (node instanceof TableScanNode scan) {
      scanCount++;
      Pipeline pipeline = newPipeline(() -> openScan(scan), scan, false);
      if (scan.filter() != null && !scan.table().evaluatesFilters()) {
        FilterOperatorFactory filter = new FilterOperatorFactory(scan.filter(), scan.schema());
        add(pipeline, filter, filter.metrics(), scan);
      }
      return pipeline;
    }
    if (node instanceof FilterNode filter) {
      Pipeline pipeline = open(filter.input());
      if (filter.input() instanceof TableScanNode scan && scan.table().evaluatesFilters()
          && filter.condition().equals(scan.filter())) {
        // the scan already keeps exactly these rows
        return pipeline;
      }
      FilterOperatorFactory operator = FilterOperatorFactory.of(filter);
      add(pipeline, operator, operator.metrics(), filter);
      return pipeline;
    }
    if (node instanceof ProjectNode project) {
      Pipeline pipeline = open(project.input());
      ProjectOperatorFactory operator = new ProjectOperatorFactory(project);
      add(pipeline, operator, operator.metrics(), project);
      return pipeline;
    }
    if (node instanceof ExpandNode expand) {
      Pipeline pipeline = open(expand.input());
      ExpandOperatorFactory operator = new ExpandOperatorFactory(expand);
      add(pipeline, operator, operator.metrics(), expand);
      return pipeline;
    }
    if (node instanceof LimitNode limit) {
      Pipeline pipeline = open(limit.input());
      LimitFactory operator = new LimitFactory(limit);
      add(pipeline, operator, operator.metrics(), limit);
      return pipeline;
    }
    if (node instanceof AggregateNode aggregate) {
      int occurrences = aggregateOccurrences.getOrDefault(aggregate, 1);
      return occurrences > 1 ? sharedAggregate(aggregate, occurrences) : aggregatePipeline(aggregate);
    }
    if (node instanceof SortNode sort) {
      OutputBound bound = boundFor(sort);
      if (bound != null) {
        outputBounds.put((AggregateNode) sort.input(), bound);
      }
      Pipeline input = open(sort.input());
      SortFactory sink = new SortFactory(sort, sort.input().schema());
      finish(input, sink, sort);
      return newPipeline(() -> track(sort, sink.output()), sort, true);
    }
    if (node instanceof WindowNode window) {
      // the spilling sort by partition then order keys, read in order by one thread running the window
      Pipeline input = open(window.input());
      SortFactory sink = new SortFactory(new SortNode(window.input(), window.sortKeys(), 0, -1),
          window.input().schema());
      finish(input, sink, window);
      Pipeline sorted = newPipeline(() -> track(window, sink.output()), window, true);
      WindowFactory operator = new WindowFactory(window);
      add(sorted, operator, operator.metrics(), window);
      return sorted;
    }
    if (node instanceof JoinNode join) {
      return hashJoin(join);
    }
    if (node instanceof NestedLoopJoinNode join) {
      Pipeline build = open(join.right());
      NestedLoopJoinBuildFactory sink = new NestedLoopJoinBuildFactory(join, join.right().schema());
      finish(build, sink, join);
      Pipeline probe = open(join.left());
      NestedLoopJoinProbeFactory operator = new NestedLoopJoinProbeFactory(join, sink,
          ExpressionCompiler::compilePredicate);
      add(probe, operator, operator.metrics(), join);
      return probe;
    }
    if (node instanceof UnionAllNode union) {
      CollectSinkFactory collected = new CollectSinkFactory();
      for (PlanNode input : union.inputs()) {
        finish(open(input), collected, union);
      }
      return newPipeline(() -> track(union, collected.output()), union, false);
    }
    if (node instanceof ExchangeNode exchange) {
      ExchangeSinkFactory sink = new ExchangeSinkFactory(exchange);
      if (!sink.repartitions(context)) {
        // one thread, or too little memory for the writers: the rows pass through
        return open(exchange.input());
      }
      repartitioned.put(exchange, sink);
      Pipeline input = open(exchange.input());
      finish(input, sink, exchange);
      return newPipeline(() -> track(exchange, sink.output()), exchange, false);
    }
    if (node instanceof RecursiveUnionNode recursive) {
      // the whole recursion runs when this pipeline starts, its steps as sub-plans of this query
      return newPipeline(() -> track(recursive, RecursiveUnionSource.run(recursive, context, subPlans)), recursive,
          false);
    }
    if (node instanceof ValuesNode values) {
      return newPipeline(() -> track(values, new ValuesSource(values)), values, false);
    }
    throw new IllegalArgumentException("no operator for " + node.label());
  }

  private Pipeline hashJoin(JoinNode join) {
    Pipeline build = open(join.right());
    HashJoinBuildFactory sink = new HashJoinBuildFactory(join, join.left().schema(), join.right().schema());
    finish(build, sink, join);
    runtimeFilters.register(join, sink);
    Pipeline probe = open(join.left());
    HashJoinProbeFactory operator = new HashJoinProbeFactory(join, sink,
        schema -> ExpressionCompiler.compilePredicate(join.residual(), schema));
    add(probe, operator, operator.metrics(), join);
    if (join.type().emitsBuildRows()) {
      int after = probe.operators.size();
      probe.tails.add(new Pipeline.Tail(() -> track(join, operator.unmatchedBuildRows()), after));
    }
    return probe;
  }

  /** Opens the scan, with the runtime filters of the joins above it when they registered some (made now). */
  private MorselSource openScan(TableScanNode scan) throws java.io.IOException {
    if (!runtimeFilters.targets(scan)) {
      return track(scan, scan.table().open(scan.columns(), scan.filter(), scan.limit(), context));
    }
    RuntimeJoinFilters.Pushed pushed = runtimeFilters.filterFor(scan, context, resources);
    MorselSource source = scan.table().open(scan.columns(), pushed.filter(), scan.limit(), context);
    source.metrics().include(pushed::metrics);
    return track(scan, source);
  }

  private Pipeline newPipeline(Pipeline.SourceOpener source, PlanNode node, boolean ordered) {
    return new Pipeline(nextId++, source, node, ordered);
  }

  private MorselSource track(PlanNode node, MorselSource source) {
    synchronized (resources) {
      resources.add(source);
      if (node instanceof TableScanNode) {
        scans.add(source);
      }
    }
    record(node, source.metrics());
    return source;
  }

  private void add(Pipeline pipeline, dev.quiver.exec.operator.OperatorFactory operator,
      OperatorMetrics operatorMetrics,
      PlanNode node) {
    pipeline.add(operator, node);
    resources.add(operator);
    record(node, operatorMetrics);
  }

  private void finish(Pipeline pipeline, SinkFactory sink, PlanNode node) {
    pipeline.sink = sink;
    pipeline.sinkNode = node;
    if (resources.stream().noneMatch(resource -> resource == sink)) {
      resources.add(sink);
    }
    if (node != null) {
      record(node, sink.metrics());
    }
    pipelines.add(pipeline);
  }

  private void record(PlanNode node, OperatorMetrics operatorMetrics) {
    synchronized (metrics) {
      metrics.computeIfAbsent(node, key -> new ArrayList<>()).add(operatorMetrics);
    }
  }
}
