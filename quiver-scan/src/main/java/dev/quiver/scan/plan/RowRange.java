package dev.quiver.scan.plan;

/**
 * Rows {@code [start, end)} of a file that a split reads.
 *
 * @param allMatch whether zone maps prove every row matches the filter (no evaluation needed)
 */
public record RowRange(long start, long end, boolean allMatch) {
  public long rowCount() {
    return end - start;
  }
}
