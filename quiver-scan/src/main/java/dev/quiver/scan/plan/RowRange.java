package dev.quiver.scan.plan;

import java.io.Serializable;

/**
 * Rows {@code [start, end)} of a file that a split reads.
 *
 * @param allMatch whether zone maps prove every row matches the filter (no evaluation needed)
 */
public record RowRange(long start, long end, boolean allMatch) implements Serializable {
  public long rowCount() {
    return end - start;
  }
}
