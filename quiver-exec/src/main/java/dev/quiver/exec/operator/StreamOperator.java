package dev.quiver.exec.operator;

import dev.quiver.common.batch.Batch;

/**
 * A streaming operator of one pipeline on one thread (filter, project, join probe, limit): one call
 * per batch, never per row. An instance is used by one thread only; state shared by the threads of a
 * pipeline (a built hash table, a limit's count) lives in the {@link OperatorFactory} that made it.
 */
public interface StreamOperator extends AutoCloseable {
  /**
   * Processes one batch (owned by the operator from here on) and sends zero or more batches to
   * {@code output}.
   */
  void process(Batch input, BatchConsumer output);

  /** Called once after this thread's last input: emit what is left (outer rows of a join, say). */
  default void finish(BatchConsumer output) {}

  /**
   * Whether this operator needs no more input (a limit that is full): the driver stops feeding the
   * pipeline early.
   */
  default boolean isDone() {
    return false;
  }

  /** Frees what the instance holds; called once, after finish or on failure. */
  @Override
  default void close() {}
}
