package dev.quiver.exec.operator;

/**
 * Makes the per-thread instances of one streaming operator of a pipeline and holds what they share.
 * {@link #close} runs once when the query ends, after every instance is closed.
 */
public interface OperatorFactory extends AutoCloseable {
  /** A new instance for one pipeline thread. */
  StreamOperator create(ExecutionContext context);

  /** What EXPLAIN prints and metrics are named by. */
  OperatorMetrics metrics();

  @Override
  default void close() {}
}
