package dev.quiver.exec.operator;

import dev.quiver.common.batch.Batch;

/**
 * The end of a pipeline on one thread: a pipeline breaker's per-thread state (a partial aggregate,
 * the build rows of a hash join, a sorted run) or the query's result collector. One thread uses an
 * instance; the {@link SinkFactory} merges the instances when every thread is done.
 */
public interface Sink extends AutoCloseable {
  /** Takes one batch (owned by the sink from here on). */
  void consume(Batch batch);

  /** Whether the sink needs no more input (a top-N or limit that is full). */
  default boolean isDone() {
    return false;
  }

  /** Frees what the instance still holds (after its state was merged, or on failure). */
  @Override
  default void close() {}
}
