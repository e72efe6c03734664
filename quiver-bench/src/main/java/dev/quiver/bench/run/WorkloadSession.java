package dev.quiver.bench.run;

import org.apache.arrow.memory.BufferAllocator;

/**
 * What a persistent measurement JVM ({@link PersistentJvm}) keeps for one suite, system, thread count
 * and data while it measures every subject of the suite: each subject's {@link Workload} comes from
 * it. A SQL suite's session holds the system's arm (Quiver's session, DuckDB's connection and tables),
 * made once and used for every query; the other suites make each subject's workload afresh
 * ({@link #perSubject}).
 */
public interface WorkloadSession extends AutoCloseable {
  /**
   * The workload of {@code request}'s subject (the request has the session's suite, system, threads
   * and parameters). Closing it frees what it made for that subject alone; what the session shares
   * stays until the session is closed.
   */
  Workload workload(MeasureRequest request) throws Exception;

  /** Frees what the session shares. */
  @Override
  default void close() throws Exception {}

  /** Opens a session for the suite, system, threads and parameters of a request; each suite provides one. */
  @FunctionalInterface
  interface Factory {
    /**
     * @param allocator for what the session and its workloads keep across passes; the passes get a
     *     sibling allocator of the same root, which must be empty after every pass
     */
    WorkloadSession open(MeasureRequest request, BufferAllocator allocator) throws Exception;
  }

  /**
   * A session that shares nothing: each subject's workload made by {@code factory} as a measurement
   * JVM of its own makes it, under a child allocator of {@code allocator} closed with the workload
   * (which fails when the workload left memory in it).
   */
  static WorkloadSession perSubject(Workload.Factory factory, BufferAllocator allocator) {
    return request -> {
      BufferAllocator kept = allocator.newChildAllocator("workload " + request.subject(), 0, Long.MAX_VALUE);
      Workload workload;
      try {
        workload = factory.create(request, kept);
      } catch (Exception failure) {
        kept.close();
        throw failure;
      }
      return new Workload() {
        @Override
        public Outcome run(BufferAllocator passes, boolean verify) throws Exception {
          return workload.run(passes, verify);
        }

        @Override
        public void close() throws Exception {
          try {
            workload.close();
          } finally {
            kept.close();
          }
        }
      };
    };
  }
}
