package dev.quiver.exec.plan;

/** The functions a {@link WindowNode} computes over each row's partition, peers or frame. */
public enum WindowFunction {
  /** 1, 2, 3, ... in the partition's order. */
  ROW_NUMBER(false),
  /** 1 + the rows before the row's peer group (gaps after ties). */
  RANK(false),
  /** 1 + the peer groups before the row's (no gaps). */
  DENSE_RANK(false),
  /** (rank - 1) / (rows - 1), 0 for a partition of one row. */
  PERCENT_RANK(false),
  /** (rows up to the last peer of the row) / rows. */
  CUME_DIST(false),
  /** The bucket 1..n of the row when the partition is cut into {@code offset} buckets as equal as can be. */
  NTILE(false),
  /** The argument {@code offset} rows before (a second argument: the value when there is no such row). */
  LAG(false),
  /** The argument {@code offset} rows after. */
  LEAD(false),
  /** The argument at the frame's first row (NULL for an empty frame). */
  FIRST_VALUE(true),
  /** The argument at the frame's last row. */
  LAST_VALUE(true),
  /** The argument at the frame's {@code offset}-th row (1-based). */
  NTH_VALUE(true),
  /** COUNT(*) (no argument) or COUNT(x) over the frame. */
  COUNT(true),
  /** SUM over the frame; NULL when no non-null value. */
  SUM(true),
  AVG(true),
  MIN(true),
  MAX(true);

  private final boolean framed;

  WindowFunction(boolean framed) {
    this.framed = framed;
  }

  /** Whether the function reads the frame (else the partition, peers and order only). */
  public boolean framed() {
    return framed;
  }
}
