package dev.quiver.exec.plan;

/** The aggregate functions the engine computes. */
public enum AggregateFunction {
  /** COUNT(*) with no argument, COUNT(x) counting non-null x (DISTINCT: distinct non-null values). */
  COUNT,
  /** SUM of non-null values; NULL when there are none. Decimal sums are exact; overflow is a USER error. */
  SUM,
  /** AVG of non-null values in the call's result type (decimals rounded half up); NULL when none. */
  AVG,
  MIN,
  MAX,
  /** The one value of a group (a scalar sub-query's); more than one row is a USER error. */
  SINGLE_VALUE,
  /** Any one value of the group (keys functionally dependent on the grouping). */
  ANY_VALUE,
  /**
   * {@code arg_min(value, ordering)} (two arguments): the value of the row with the smallest ordering,
   * rows where either is NULL skipped (as DuckDB); a tie keeps the first row seen. NULL when no row counts.
   */
  ARG_MIN,
  /** {@code arg_max(value, ordering)}: the value of the row with the largest ordering. */
  ARG_MAX
}
