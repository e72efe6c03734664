package dev.quiver.sql.session;

import dev.quiver.exec.execution.QueryOptions;
import dev.quiver.sql.planner.SqlPlanner;
import java.nio.file.Path;

/**
 * How a session runs its queries.
 *
 * @param threads worker threads (the most one query uses)
 * @param memoryLimit bytes one query may hold at once
 * @param spillDirectory where operators spill past the limit
 * @param repartitionGroups a GROUP BY whose integer keys' statistics allow at least this many groups
 *     (and whose input has as many rows) repartitions its rows by those keys first: a hash exchange,
 *     when a query runs on more than one thread; 1 repartitions every GROUP BY
 */
public record SessionOptions(int threads, long memoryLimit, Path spillDirectory, long repartitionGroups) {
  public SessionOptions {
    if (repartitionGroups < 1) {
      throw dev.quiver.common.QuiverException.user("the repartition threshold must be at least 1 group, not "
          + repartitionGroups);
    }
  }

  /**
   * Every core, 3/4 of the heap per query, the system's temporary folder, repartitioning from
   * {@link SqlPlanner#DEFAULT_REPARTITION_GROUPS} groups.
   */
  public static SessionOptions defaults() {
    QueryOptions defaults = QueryOptions.defaults();
    return new SessionOptions(defaults.threads(), defaults.memoryLimit(), defaults.spillDirectory(),
        SqlPlanner.DEFAULT_REPARTITION_GROUPS);
  }

  public SessionOptions withThreads(int count) {
    return new SessionOptions(count, memoryLimit, spillDirectory, repartitionGroups);
  }

  public SessionOptions withMemoryLimit(long bytes) {
    return new SessionOptions(threads, bytes, spillDirectory, repartitionGroups);
  }

  public SessionOptions withSpillDirectory(Path directory) {
    return new SessionOptions(threads, memoryLimit, directory, repartitionGroups);
  }

  public SessionOptions withRepartitionGroups(long groups) {
    return new SessionOptions(threads, memoryLimit, spillDirectory, groups);
  }

  QueryOptions queryOptions() {
    return QueryOptions.defaults().withThreads(threads).withMemoryLimit(memoryLimit).withSpillDirectory(spillDirectory);
  }
}
