package dev.quiver.scan.plan;

import dev.quiver.common.QuiverException;

/**
 * How a scan is cut into splits.
 *
 * @param byLayout true: at the union of the chunk boundaries of the columns the scan touches, spans
 *     longer than {@code rows} cut evenly; false: every {@code rows} rows
 * @param rows the cap (by layout) or the size (fixed) of a split, in rows
 */
public record SplitStrategy(boolean byLayout, long rows) {
  /** By layout, spans over 131,072 rows cut evenly. */
  public static final SplitStrategy DEFAULT = byLayout(131_072);

  public SplitStrategy {
    if (rows < 1 || rows > Integer.MAX_VALUE / 2) {
      throw QuiverException.user("split rows " + rows + " must be between 1 and " + Integer.MAX_VALUE / 2);
    }
  }

  public static SplitStrategy byLayout(long maximumRows) {
    return new SplitStrategy(true, maximumRows);
  }

  public static SplitStrategy fixed(long rows) {
    return new SplitStrategy(false, rows);
  }

  @Override
  public String toString() {
    return byLayout ? "by layout, at most " + rows + " rows" : "every " + rows + " rows";
  }
}
