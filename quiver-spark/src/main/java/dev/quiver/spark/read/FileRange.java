package dev.quiver.spark.read;

import dev.quiver.scan.plan.Split;
import dev.quiver.scan.plan.SplitFile;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * Consecutive splits of one file that one Spark task reads together, so a chunk two of them share is
 * fetched and decoded once: the file (path, length and footer checksum at planning), the rows
 * {@code [start, end)} the splits cover, the splits themselves, and the file's partition values.
 *
 * @param file the file as planned
 * @param start first row of the first split
 * @param end row after the last split
 * @param splits the planned splits (their surviving zone ranges), ascending
 * @param partitionValues the file's partition column values (null for null)
 * @param bytes the estimated bytes of the touched columns' segments in the range
 */
public record FileRange(SplitFile file, long start, long end, List<Split> splits, List<String> partitionValues,
    long bytes) implements Serializable {
  private static final long serialVersionUID = 1L;

  public FileRange {
    Objects.requireNonNull(file, "file");
    splits = List.copyOf(splits);
    partitionValues = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(partitionValues));
  }

  /** Rows the splits evaluate after zone pruning. */
  public long rowsScanned() {
    long rows = 0;
    for (Split split : splits) {
      rows += split.rowsScanned();
    }
    return rows;
  }
}
