package dev.quiver.scan.plan;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A unit of scan work, portable: rows {@code [start, end)} of one file, of which {@code ranges}
 * survive zone-map pruning. It names its file by path (with the length and footer checksum that
 * detect a changed file) and holds no layout objects, so it can be serialized and run on another
 * thread, process or machine by a {@link dev.quiver.scan.execution.SplitReader}; the chunks it reads
 * are derived from the file's footer where it runs.
 *
 * @param index position in the scan's row order
 * @param file the file, by path
 * @param ranges surviving row ranges, ascending, inside {@code [start, end)}
 * @param selectedRows for a take, the file rows to return (ascending, inside the ranges); else null
 */
public record Split(int index, SplitFile file, long start, long end, List<RowRange> ranges, long[] selectedRows)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  public Split {
    Objects.requireNonNull(file, "file");
    ranges = List.copyOf(ranges);
  }

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

  @Override
  public boolean equals(Object other) {
    return other instanceof Split split && index == split.index && file.equals(split.file) && start == split.start
        && end == split.end && ranges.equals(split.ranges) && Arrays.equals(selectedRows, split.selectedRows);
  }

  @Override
  public int hashCode() {
    return Objects.hash(index, file, start, end, ranges) * 31 + Arrays.hashCode(selectedRows);
  }

  @Override
  public String toString() {
    return "Split[" + index + " " + file.path() + " rows " + start + ".." + end + ", " + ranges.size() + " ranges"
        + (selectedRows == null ? "" : ", " + selectedRows.length + " taken") + "]";
  }
}
