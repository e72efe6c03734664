package dev.quiver.exec.execution;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.common.concurrent.Failures;
import dev.quiver.common.metrics.Metric;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.exec.memory.MemoryPool;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.SinkFactory;
import dev.quiver.exec.plan.BuildSides;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.PlanPrinter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One running query: its pipelines run on the engine's workers while the caller reads the result
 * with {@link #next}. {@link #cancel} (from any thread) stops it at the next batch; {@link #close}
 * stops it if it still runs, frees everything (the query's allocator must be empty then) and removes
 * its spill files. After the end, {@link #explainAnalyze} prints the plan with each operator's
 * metrics.
 */
public final class QueryExecution implements AutoCloseable {
  private final PlanNode plan;
  private final Schema schema;
  private final BufferAllocator resultAllocator;
  private final MemoryPool memory;
  private final ExecutionContext context;
  private final PipelineBuilder builder;
  private final ResultSinkFactory result;
  private final ExecutorService workers;
  private final CountDownLatch finished = new CountDownLatch(1);
  private final long startedNanos = System.nanoTime();
  private volatile long elapsedNanos = -1;
  private boolean ended;
  private long rowsReturned;
  private boolean closed;
  private final boolean runtimeJoinFilters;

  private QueryExecution(PlanNode plan, QueryOptions options, BufferAllocator allocator, String name,
      ExecutorService workers) {
    this.plan = plan;
    this.schema = plan.schema();
    this.resultAllocator = allocator;
    this.workers = workers;
    this.memory = new MemoryPool(allocator, name, options.memoryLimit());
    this.context = new ExecutionContext(memory, options.threads(), options.spillDirectory(), options.batchRows());
    this.runtimeJoinFilters = options.runtimeJoinFilters();
    this.builder = new PipelineBuilder(context, this::runSubPlan, runtimeJoinFilters);
    this.result = new ResultSinkFactory(context, Math.max(4, 2 * options.threads()));
  }

  static QueryExecution start(PlanNode plan, QueryOptions options, BufferAllocator allocator, String name,
      ExecutorService coordinators, ExecutorService workers) {
    QueryExecution execution = new QueryExecution(BuildSides.normalize(plan), options, allocator, name, workers);
    try {
      execution.builder.build(execution.plan, execution.result);
    } catch (RuntimeException failure) {
      execution.closeResources();
      execution.memory.close();
      throw failure;
    }
    coordinators.execute(execution::coordinate);
    return execution;
  }

  /** The result's columns. */
  public Schema schema() {
    return schema;
  }

  public PlanNode plan() {
    return plan;
  }

  /**
   * The next batch of the result (owned by the caller, allocated under the engine's allocator), or
   * null at the end. Blocks while the query works.
   *
   * @throws QuiverException the query's failure (USER, RESOURCE, CANCELLED, CORRUPT, IO...)
   */
  public VectorSchemaRoot next() {
    if (closed) {
      throw new IllegalStateException("the query is closed");
    }
    if (ended) {
      return null;
    }
    ResultSinkFactory.Item item;
    try {
      item = result.queue().take();
    } catch (InterruptedException interrupted) {
      cancel("interrupted");
      Thread.currentThread().interrupt();
      throw new QuiverException(ErrorCode.CANCELLED, "the query was interrupted");
    }
    if (item.failure() != null) {
      ended = true;
      throw item.failure();
    }
    if (item.batch() == null) {
      ended = true;
      return null;
    }
    return deliver(item.batch());
  }

  private VectorSchemaRoot deliver(Batch batch) {
    VectorSchemaRoot dense = batch.materialize(memory.allocator());
    List<FieldVector> moved = new ArrayList<>();
    try {
      for (FieldVector vector : dense.getFieldVectors()) {
        var transfer = vector.getTransferPair(resultAllocator);
        transfer.transfer();
        moved.add((FieldVector) transfer.getTo());
      }
    } catch (RuntimeException failure) {
      moved.forEach(FieldVector::close);
      dense.close();
      throw failure;
    }
    int rows = dense.getRowCount();
    dense.close();
    rowsReturned += rows;
    return new VectorSchemaRoot(schema.getFields(), moved, rows);
  }

  /** Rows handed out by {@link #next} so far. */
  public long rowsReturned() {
    return rowsReturned;
  }

  /** Stops the query at its next batch (any thread); {@link #next} then fails with CANCELLED. */
  public void cancel(String reason) {
    context.cancel(reason);
  }

  public void cancel() {
    cancel("cancelled by the caller");
  }

  /** Whether every pipeline has ended (the result may still hold batches not read). */
  public boolean isFinished() {
    return finished.getCount() == 0;
  }

  /** Nanoseconds from start to the end of the last pipeline (or until now while it runs). */
  public long elapsedNanos() {
    long elapsed = elapsedNanos;
    return elapsed >= 0 ? elapsed : System.nanoTime() - startedNanos;
  }

  /** How far the query's scans got, 0 to 1, or NaN when it reads no table (for a progress bar). */
  public double progress() {
    return isFinished() ? 1.0 : builder.progress();
  }

  /** Peak bytes the query held at once. */
  public long peakMemory() {
    return memory.peak();
  }

  /** Every operator's metrics, prefixed {@code operator.N.NAME.}, plus the query's own. */
  public MetricsSnapshot metrics() {
    MetricsSnapshot snapshot = new MetricsSnapshot(List.of(new Metric("query.peak.memory", Metric.Kind.BYTES,
        memory.peak()), new Metric("query.elapsed", Metric.Kind.NANOS, elapsedNanos())));
    int index = 0;
    // a breaker records the same metrics as sink and as source: each counted once
    java.util.Set<OperatorMetrics> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (List<OperatorMetrics> list : builder.metrics().values()) {
      for (OperatorMetrics operator : list) {
        if (!seen.add(operator)) {
          continue;
        }
        snapshot = snapshot.plus(operator.snapshot().prefixed("operator." + index++ + "."
            + operator.operator().toLowerCase(java.util.Locale.ROOT)));
      }
    }
    return snapshot;
  }

  /** The plan, one node per line, each with its operators' metrics (run the query to its end first). */
  public String explainAnalyze() {
    return PlanPrinter.print(plan, node -> MetricsText.describe(builder.metrics().get(node)));
  }

  private void coordinate() {
    RuntimeException failure = null;
    try {
      runPipelines(builder.pipelines());
    } catch (OutOfMemoryException exhausted) {
      failure = new QuiverException(ErrorCode.RESOURCE, "the query ran out of memory: " + exhausted.getMessage(),
          exhausted);
    } catch (RuntimeException thrown) {
      failure = thrown;
    } catch (OutOfMemoryError exhausted) {
      failure = new QuiverException(ErrorCode.RESOURCE,
          "the JVM ran out of heap for this query; lower --memory-limit or give the JVM more heap (-Xmx)");
    } catch (IOException thrown) {
      failure = new QuiverException(ErrorCode.IO, thrown.getMessage() == null ? thrown.toString() : thrown.getMessage(),
          thrown);
    } catch (Error thrown) {
      // never an end that looks like success: the consumer would take a partial result for the answer
      failure = new QuiverException(ErrorCode.INTERNAL, "the query failed: " + thrown, thrown);
    } finally {
      elapsedNanos = System.nanoTime() - startedNanos;
      try {
        if (failure != null) {
          context.cancel(failure.getMessage() == null ? failure.toString() : failure.getMessage());
        }
        try {
          closeResources();
        } catch (RuntimeException | Error closing) {
          failure = failure != null ? failure : closing instanceof RuntimeException runtime ? runtime
              : new QuiverException(ErrorCode.INTERNAL, "the query failed while freeing its resources: " + closing,
                  closing);
        }
        try {
          result.end(failure);
        } catch (RuntimeException cancelled) {
          result.end(cancelled);
        }
      } finally {
        // whatever happened above, close() must not wait for this query forever
        finished.countDown();
      }
    }
  }

  /** Runs {@code pipelines} in order, finishing each sink after the last pipeline that feeds it. */
  private void runPipelines(List<Pipeline> pipelines) throws IOException {
    for (int i = 0; i < pipelines.size(); i++) {
      Pipeline pipeline = pipelines.get(i);
      runPipeline(pipeline);
      if (lastUser(pipelines, i)) {
        try {
          pipeline.sink.finish(context);
        } catch (OutOfMemoryException exhausted) {
          throw Driver.resource(pipeline.sink.metrics(), exhausted);
        }
      }
    }
  }

  /**
   * Runs a part of this query's plan to its end on the coordinator's thread (a recursion's step), with
   * this query's memory, threads and cancellation, and returns its batches; everything it made besides
   * is freed before this returns.
   */
  private List<Batch> runSubPlan(PlanNode part) throws IOException {
    PipelineBuilder nested = new PipelineBuilder(context, this::runSubPlan, runtimeJoinFilters);
    CollectSinkFactory collected = new CollectSinkFactory();
    List<Batch> batches = new ArrayList<>();
    try {
      nested.build(part, collected);
      runPipelines(nested.pipelines());
      MorselSource output = collected.output();
      for (Morsel taken = output.next(context); taken != null; taken = output.next(context)) {
        try (Morsel morsel = taken) {
          for (Batch batch = morsel.next(); batch != null; batch = morsel.next()) {
            batches.add(batch);
          }
        }
      }
      return batches;
    } catch (RuntimeException | IOException | Error failure) {
      batches.forEach(Batch::close);
      throw failure;
    } finally {
      closeResources(nested.resources());
    }
  }

  private static boolean lastUser(List<Pipeline> pipelines, int index) {
    SinkFactory sink = pipelines.get(index).sink;
    for (int later = index + 1; later < pipelines.size(); later++) {
      if (pipelines.get(later).sink == sink) {
        return false;
      }
    }
    return true;
  }

  private void runPipeline(Pipeline pipeline) throws IOException {
    context.checkCancelled();
    MorselSource source = pipeline.source.open();
    runDrivers(pipeline, source, 0);
    for (Pipeline.Tail tail : pipeline.tails) {
      MorselSource extra = tail.source().get();
      if (extra != null) {
        runDrivers(pipeline, extra, tail.firstOperator());
      }
    }
  }

  private void runDrivers(Pipeline pipeline, MorselSource source, int firstOperator) throws IOException {
    int count = pipeline.ordered ? 1 : context.threads();
    List<Future<?>> running = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      running.add(workers.submit(() -> {
        Sink sink = pipeline.sink.create(context);
        try {
          new Driver(pipeline, context).run(source, firstOperator, sink);
          pipeline.sink.combine(sink, context);
        } catch (RuntimeException | IOException | Error failure) {
          context.cancel(String.valueOf(failure.getMessage()));
          throw failure;
        } finally {
          sink.close();
        }
        return null;
      }));
    }
    Throwable first = null;
    for (Future<?> future : running) {
      try {
        future.get();
      } catch (InterruptedException interrupted) {
        context.cancel("interrupted");
        Thread.currentThread().interrupt();
        first = first == null ? interrupted : first;
      } catch (ExecutionException failed) {
        Throwable cause = failed.getCause();
        if (first == null || (isCancellation(first) && !isCancellation(cause))) {
          first = cause;
        }
      }
    }
    if (first instanceof InterruptedException interrupted) {
      throw Failures.interrupted("the query", interrupted);
    }
    if (first instanceof IOException io) {
      throw io;
    }
    if (first instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (first instanceof Error error) {
      throw error;
    }
  }

  private static boolean isCancellation(Throwable failure) {
    return failure instanceof QuiverException quiver && quiver.errorCode() == ErrorCode.CANCELLED;
  }

  private void closeResources() {
    closeResources(builder.resources());
  }

  private static void closeResources(List<AutoCloseable> resources) {
    RuntimeException failure = null;
    for (int i = resources.size() - 1; i >= 0; i--) {
      try {
        resources.get(i).close();
      } catch (Exception thrown) {
        if (failure == null) {
          failure = thrown instanceof RuntimeException runtime ? runtime
              : new QuiverException(ErrorCode.INTERNAL, "closing " + resources.get(i) + " failed", thrown);
        }
      }
    }
    resources.clear();
    if (failure != null) {
      throw failure;
    }
  }

  /** Stops the query if it runs, frees everything it holds and removes its spill files. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (finished.getCount() != 0) {
      cancel("the result was closed");
    }
    try {
      while (!finished.await(50, TimeUnit.MILLISECONDS)) {
        result.drain();
      }
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
    result.drain();
    removeSpills(context.spillDirectory());
    memory.close();
  }

  private static void removeSpills(Path directory) {
    if (directory == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException failure) {
      throw new UncheckedIOException("removing the spill folder " + directory, failure);
    }
    dev.quiver.common.io.ExitCleanup.unregister(directory);
  }
}
