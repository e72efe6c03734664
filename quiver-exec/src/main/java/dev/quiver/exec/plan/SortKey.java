package dev.quiver.exec.plan;

/**
 * One key of an ordering.
 *
 * @param column input ordinal
 * @param ascending ascending (else descending)
 * @param nullsFirst whether NULLs sort before every value (SQL's default: NULLs last ascending,
 *     first descending, as DuckDB and PostgreSQL do; the planner passes what the query asks)
 */
public record SortKey(int column, boolean ascending, boolean nullsFirst) {
  @Override
  public String toString() {
    return "#" + column + (ascending ? " ASC" : " DESC") + (nullsFirst ? " NULLS FIRST" : " NULLS LAST");
  }
}
