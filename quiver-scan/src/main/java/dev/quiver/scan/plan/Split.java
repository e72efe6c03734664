package dev.quiver.scan.plan;

import java.util.List;

/**
 * A unit of scan work: rows {@code [start, end)} of one file, of which {@code ranges} survive zone-map
 * pruning, and the chunks it reads. Planned before any data is read.
 *
 * @param index position in the scan's row order
 * @param file index of the file in the table
 * @param ranges surviving row ranges, ascending, inside {@code [start, end)}
 * @param selectedRows for a take, the file rows to return (ascending, inside the ranges); else null
 * @param columns per column the scan touches (in {@link ScanPlan#touchedColumns()} order), the
 *     chunk pieces that overlap the ranges
 */
public record Split(int index, int file, long start, long end, List<RowRange> ranges, long[] selectedRows,
    List<List<ChunkPiece>> columns) {
  /** Rows the split evaluates: the rows of its ranges, or the selected rows of a take. */
  public long rowsScanned() {
    if (selectedRows != null) {
      return selectedRows.length;
    }
    long rows = 0;
    for (RowRange range : ranges) {
      rows += range.rowCount();
    }
    return rows;
  }
}
