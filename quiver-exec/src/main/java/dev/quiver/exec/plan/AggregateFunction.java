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
  ARG_MAX,
  // The statistics aggregates (DOUBLE results, DuckDB's formulas over (count, mean, M2) states; see
  // aggregate.MomentsAccumulator). Binary ones take (y, x) as SQL writes them: regr_slope(y, x).
  /** Sample variance of the non-null values; NULL for fewer than two. */
  VAR_SAMP,
  /** Population variance; NULL for none, 0 for one. */
  VAR_POP,
  /** sqrt(VAR_SAMP). */
  STDDEV_SAMP,
  /** sqrt(VAR_POP). */
  STDDEV_POP,
  /** Sample covariance over rows where both arguments are non-null; NULL for fewer than two. */
  COVAR_SAMP,
  /** Population covariance; NULL for no row. */
  COVAR_POP,
  /** Pearson's correlation; NaN when either argument is constant (as DuckDB), NULL for no row. */
  CORR,
  /** The least-squares slope of y over x; NaN when x is constant. */
  REGR_SLOPE,
  /** The least-squares intercept; NULL when the slope is not a number. */
  REGR_INTERCEPT,
  /** Rows where both arguments are non-null (0, never NULL). */
  REGR_COUNT,
  /** The coefficient of determination; NULL when x is constant, 1 when y is. */
  REGR_R2,
  /** The average of x over rows where both are non-null. */
  REGR_AVGX,
  /** The average of y over rows where both are non-null. */
  REGR_AVGY,
  /** REGR_COUNT times the population variance of x. */
  REGR_SXX,
  /** REGR_COUNT times the population variance of y. */
  REGR_SYY,
  /** REGR_COUNT times the population covariance. */
  REGR_SXY,
  // The holistic aggregates (aggregate.QuantileAccumulator: every value of a group kept).
  /** quantile_cont(x, 0.5); for text quantile_disc(x, 0.5). */
  MEDIAN,
  /** {@code quantile_cont(x, q)}, q a constant in [0, 1]: interpolated between the two nearest ranks. */
  QUANTILE_CONT,
  /** {@code quantile_disc(x, q)}: the value at rank ceil(n·q) (the first for q = 0). */
  QUANTILE_DISC,
  /** The most frequent non-null value; a tie goes to the value seen first. */
  MODE,
  /**
   * {@code string_agg(s [, separator])}: the non-null strings joined by the constant separator (',' when none), in
   * the order rows arrive; NULL when none.
   */
  STRING_AGG,
  /** string_agg with {@code ORDER BY s}: the strings sorted by their UTF-8 bytes. */
  STRING_AGG_ASC,
  /** string_agg with {@code ORDER BY s DESC}. */
  STRING_AGG_DESC,
  /** An estimate of the distinct non-null values (HyperLogLog, about 1.6 % standard error); 0 when none. */
  APPROX_COUNT_DISTINCT;

  /** Whether the function takes an optional second argument (string_agg's separator). */
  public boolean optionalSecond() {
    return this == STRING_AGG || this == STRING_AGG_ASC || this == STRING_AGG_DESC;
  }

  /** Whether the function takes two arguments (the second one given to the accumulator beside the first). */
  public boolean binary() {
    return switch (this) {
      case ARG_MIN, ARG_MAX, COVAR_SAMP, COVAR_POP, CORR, REGR_SLOPE, REGR_INTERCEPT, REGR_COUNT, REGR_R2, REGR_AVGX,
          REGR_AVGY, REGR_SXX, REGR_SYY, REGR_SXY, QUANTILE_CONT, QUANTILE_DISC ->
        true;
      default -> false;
    };
  }
}
