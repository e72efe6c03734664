package dev.quiver.exec.source;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.expression.Expression;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A table the engine reads: a `.qvr` file or folder (split by split), or a Parquet, CSV or Arrow
 * file. Knows its schema and what its footers say, and opens the morsels of one scan.
 */
public interface TableSource {
  /** The table's name as a query writes it (or its path). */
  String name();

  Schema schema();

  /** Rows in the table, exact when footers say, an estimate otherwise. */
  long rowCount();

  /** What the footers say of one column (min, max, nulls), if they say. */
  default Optional<ZoneStatistics> statistics(String column) {
    return Optional.empty();
  }

  /**
   * An upper bound on the distinct non-null values of one column, from what the footers say zone by
   * zone ({@link dev.quiver.common.stats.DistinctBounds}), if they say; for the planner's estimates.
   */
  default java.util.OptionalLong distinctBound(String column) {
    return java.util.OptionalLong.empty();
  }

  /** Whether the source evaluates {@code filter} exactly (otherwise it only prunes with it, or ignores it). */
  default boolean evaluatesFilters() {
    return false;
  }

  /**
   * The morsels of one scan.
   *
   * @param columns the columns to read, by name, in output order
   * @param filter a condition over those columns the source may use to skip rows, or null; rows
   *     that fail it may still come (unless {@link #evaluatesFilters})
   * @param limit the most rows needed, or -1
   */
  MorselSource open(List<String> columns, Expression filter, long limit, ExecutionContext context) throws IOException;
}
