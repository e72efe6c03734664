package dev.quiver.expression.filter;

/** What statistics prove about an expression over a zone (or a file). */
public enum Truth {
  /** Every row satisfies the expression (its result is TRUE on every row). */
  TRUE,
  /** No row satisfies it (its result is FALSE or NULL on every row). */
  FALSE,
  /** The statistics prove neither. */
  UNKNOWN
}
