package dev.quiver.exec.execution;

import dev.quiver.exec.plan.PlanNode;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Runs plans: one shared pool of worker threads for every query's pipelines (morsel-driven: each
 * worker takes the next morsel of the pipeline it runs), plus a coordinator thread per running query
 * that starts pipelines in order. Thread-safe: queries may run concurrently.
 */
public final class QueryEngine implements AutoCloseable {
  private static final AtomicInteger ENGINES = new AtomicInteger();

  private final BufferAllocator allocator;
  private final ExecutorService workers;
  private final ExecutorService coordinators;
  private final int threads;
  private final AtomicInteger queries = new AtomicInteger();

  /**
   * @param allocator the parent of every query's allocator
   * @param threads worker threads (the most any query uses at once)
   */
  public QueryEngine(BufferAllocator allocator, int threads) {
    if (threads < 1) {
      throw dev.quiver.common.QuiverException.user("threads must be at least 1, not " + threads);
    }
    this.allocator = allocator;
    this.threads = threads;
    int engine = ENGINES.incrementAndGet();
    AtomicInteger workerNumber = new AtomicInteger();
    this.workers = Executors.newCachedThreadPool(runnable -> daemon(runnable,
        "quiver-worker-" + engine + "-" + workerNumber.incrementAndGet()));
    AtomicInteger coordinatorNumber = new AtomicInteger();
    this.coordinators = Executors.newCachedThreadPool(runnable -> daemon(runnable,
        "quiver-query-" + engine + "-" + coordinatorNumber.incrementAndGet()));
  }

  private static Thread daemon(Runnable runnable, String name) {
    Thread thread = new Thread(runnable, name);
    thread.setDaemon(true);
    return thread;
  }

  public int threads() {
    return threads;
  }

  /** Starts a query; read its rows from the returned execution, and close it. */
  public QueryExecution execute(PlanNode plan, QueryOptions options) {
    QueryOptions bounded = options.threads() > threads ? options.withThreads(threads) : options;
    return QueryExecution.start(plan, bounded, allocator, "query-" + queries.incrementAndGet(), coordinators,
        workers);
  }

  @Override
  public void close() {
    coordinators.shutdownNow();
    workers.shutdownNow();
    try {
      workers.awaitTermination(10, TimeUnit.SECONDS);
      coordinators.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
