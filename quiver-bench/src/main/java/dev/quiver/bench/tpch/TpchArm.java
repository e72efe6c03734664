package dev.quiver.bench.tpch;

import dev.quiver.bench.run.Outcome;
import org.apache.arrow.memory.BufferAllocator;

/**
 * One system's way of running the TPC-H queries over one data directory at a fixed thread count.
 * A run's answer is {@code rows=N} (checked on every pass); when verifying, its checksum is the
 * whole answer as a {@link TpchAnswer} text (checked with {@link TpchAnswerCheck} in the warm-up).
 * Every system fetches its whole result as Arrow batches.
 */
public interface TpchArm extends AutoCloseable {
  Outcome run(int query, BufferAllocator allocator, boolean verify) throws Exception;

  @Override
  default void close() throws Exception {}

  /** The outcome of a run that returned {@code rows} rows ({@code answer} when verifying, else null). */
  static Outcome outcome(long rows, TpchAnswer answer, java.util.Map<String, Long> details) {
    return new Outcome("rows=" + rows, answer == null ? null : answer.text(), details);
  }
}
