package dev.quiver.exec.operator;

/**
 * A pipeline breaker: makes one {@link Sink} per pipeline thread and, when every thread has finished
 * (each sink handed back through {@link #combine}), holds the merged state the next pipelines read
 * (a hash table a probe uses, the batches of an aggregate's result as a {@link MorselSource}).
 */
public interface SinkFactory extends AutoCloseable {
  /** A new sink for one pipeline thread. */
  Sink create(ExecutionContext context);

  /**
   * Takes over a finished thread's sink (called once per sink, from that thread, in any order; may
   * be called concurrently: implementations synchronize).
   */
  void combine(Sink finished, ExecutionContext context);

  /** Called once after every sink was combined: build the merged state. */
  void finish(ExecutionContext context);

  /** What EXPLAIN prints and metrics are named by. */
  OperatorMetrics metrics();

  /** Frees the merged state; called once when the query ends. */
  @Override
  default void close() {}
}
