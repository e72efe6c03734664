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
 *     when a query runs on more than one thread, unless the keys' ranges make a direct-indexed table (at most
 *     2^23 slots: each thread's table is then cheap to build and merge); 1 repartitions every GROUP BY
 * @param statisticsAggregates whether an aggregate without GROUP BY over a {@code .qvr} table is
 *     answered from zone statistics where they suffice (off: always scanned; the default follows the
 *     system property {@code quiver.statistics.aggregates}, on unless {@code false})
 */
public record SessionOptions(int threads, long memoryLimit, Path spillDirectory, long repartitionGroups,
    boolean statisticsAggregates) {
  public SessionOptions {
    if (repartitionGroups < 1) {
      throw dev.quiver.common.QuiverException.user("the repartition threshold must be at least 1 group, not "
          + repartitionGroups);
    }
  }

  /** Options with the statistics aggregates as the system property says. */
  public SessionOptions(int threads, long memoryLimit, Path spillDirectory, long repartitionGroups) {
    this(threads, memoryLimit, spillDirectory, repartitionGroups, SqlPlanner.statisticsAggregatesByDefault());
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
    return new SessionOptions(count, memoryLimit, spillDirectory, repartitionGroups, statisticsAggregates);
  }

  public SessionOptions withMemoryLimit(long bytes) {
    return new SessionOptions(threads, bytes, spillDirectory, repartitionGroups, statisticsAggregates);
  }

  public SessionOptions withSpillDirectory(Path directory) {
    return new SessionOptions(threads, memoryLimit, directory, repartitionGroups, statisticsAggregates);
  }

  public SessionOptions withRepartitionGroups(long groups) {
    return new SessionOptions(threads, memoryLimit, spillDirectory, groups, statisticsAggregates);
  }

  /** These options with aggregates answered from zone statistics on or off. */
  public SessionOptions withStatisticsAggregates(boolean enabled) {
    return new SessionOptions(threads, memoryLimit, spillDirectory, repartitionGroups, enabled);
  }

  QueryOptions queryOptions() {
    return QueryOptions.defaults().withThreads(threads).withMemoryLimit(memoryLimit).withSpillDirectory(spillDirectory);
  }
}
