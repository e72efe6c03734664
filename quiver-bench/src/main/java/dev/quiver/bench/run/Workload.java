package dev.quiver.bench.run;

import org.apache.arrow.memory.BufferAllocator;

/** One measured operation, run inside a child JVM by {@link MeasureMain}. */
public interface Workload extends AutoCloseable {
  /**
   * Runs the operation once.
   *
   * @param verify also compute the full check ({@link Outcome#checksum()})
   */
  Outcome run(BufferAllocator allocator, boolean verify) throws Exception;

  /** Frees what the workload prepared (blocks, connections). */
  @Override
  default void close() throws Exception {}

  /** Makes the workload a request names; each suite provides one. */
  interface Factory {
    /**
     * Makes the workload for a request.
     *
     * @param allocator for what the workload keeps across passes (a block to decode); the passes
     *     get a sibling allocator of the same root, which must be empty after every pass
     */
    Workload create(MeasureRequest request, BufferAllocator allocator) throws Exception;
  }
}
