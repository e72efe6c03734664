package dev.quiver.spark.read;

import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One Spark task's share of a scan: Quiver splits, grouped by file into {@link FileRange}s, packed up
 * to the scan's partition size. Serializable, by path and row range; the chunks to read are derived
 * from the file's footer where the task runs, and a file changed since planning is refused.
 *
 * @param index the partition's position
 * @param ranges the file ranges to read, in order
 */
public record QuiverInputPartition(int index, List<FileRange> ranges) implements InputPartition {
  private static final long serialVersionUID = 1L;

  public QuiverInputPartition {
    ranges = List.copyOf(ranges);
  }

  /** Splits in the partition. */
  public int splitCount() {
    int count = 0;
    for (FileRange range : ranges) {
      count += range.splits().size();
    }
    return count;
  }

  /** Estimated bytes of the touched columns. */
  public long bytes() {
    long bytes = 0;
    for (FileRange range : ranges) {
      bytes += range.bytes();
    }
    return bytes;
  }
}
