package dev.quiver.sql.session;

import dev.quiver.exec.execution.QueryOptions;
import java.nio.file.Path;

/**
 * How a session runs its queries.
 *
 * @param threads worker threads (the most one query uses)
 * @param memoryLimit bytes one query may hold at once
 * @param spillDirectory where operators spill past the limit
 */
public record SessionOptions(int threads, long memoryLimit, Path spillDirectory) {
  /** Every core, 3/4 of the heap per query, the system's temporary folder. */
  public static SessionOptions defaults() {
    QueryOptions defaults = QueryOptions.defaults();
    return new SessionOptions(defaults.threads(), defaults.memoryLimit(), defaults.spillDirectory());
  }

  public SessionOptions withThreads(int count) {
    return new SessionOptions(count, memoryLimit, spillDirectory);
  }

  public SessionOptions withMemoryLimit(long bytes) {
    return new SessionOptions(threads, bytes, spillDirectory);
  }

  public SessionOptions withSpillDirectory(Path directory) {
    return new SessionOptions(threads, memoryLimit, directory);
  }

  QueryOptions queryOptions() {
    return QueryOptions.defaults().withThreads(threads).withMemoryLimit(memoryLimit).withSpillDirectory(spillDirectory);
  }
}
