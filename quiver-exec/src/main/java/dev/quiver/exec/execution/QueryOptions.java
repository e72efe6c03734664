package dev.quiver.exec.execution;

import java.nio.file.Path;

/**
 * How one query runs.
 *
 * @param threads pipeline threads (at most the engine's pool size)
 * @param memoryLimit bytes the query may hold at once (Arrow buffers and operator state)
 * @param spillDirectory where operators spill past the limit
 * @param batchRows rows operators aim to put in one batch
 * @param runtimeJoinFilters whether hash joins push their build keys into their probe side's scans
 *     ({@link dev.quiver.exec.join.RuntimeJoinFilters}); on by default, off with the system property
 *     {@code quiver.runtimeJoinFilters=false} (to measure what they bring)
 */
public record QueryOptions(int threads, long memoryLimit, Path spillDirectory, int batchRows,
    boolean runtimeJoinFilters) {
  public QueryOptions(int threads, long memoryLimit, Path spillDirectory, int batchRows) {
    this(threads, memoryLimit, spillDirectory, batchRows,
        !"false".equals(System.getProperty("quiver.runtimeJoinFilters")));
  }

  /** Defaults: every available core, 3/4 of the JVM's heap or direct memory, the system temp folder. */
  public static QueryOptions defaults() {
    long heap = Runtime.getRuntime().maxMemory();
    return new QueryOptions(Runtime.getRuntime().availableProcessors(), heap / 4 * 3,
        Path.of(System.getProperty("java.io.tmpdir")), dev.quiver.exec.operator.ExecutionContext.DEFAULT_BATCH_ROWS);
  }

  public QueryOptions withRuntimeJoinFilters(boolean enabled) {
    return new QueryOptions(threads, memoryLimit, spillDirectory, batchRows, enabled);
  }

  public QueryOptions withThreads(int count) {
    return new QueryOptions(count, memoryLimit, spillDirectory, batchRows, runtimeJoinFilters);
  }

  public QueryOptions withMemoryLimit(long bytes) {
    return new QueryOptions(threads, bytes, spillDirectory, batchRows, runtimeJoinFilters);
  }

  public QueryOptions withSpillDirectory(Path directory) {
    return new QueryOptions(threads, memoryLimit, directory, batchRows, runtimeJoinFilters);
  }

  public QueryOptions withBatchRows(int rows) {
    return new QueryOptions(threads, memoryLimit, spillDirectory, rows, runtimeJoinFilters);
  }
}
