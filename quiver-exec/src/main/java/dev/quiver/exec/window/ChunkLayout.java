package dev.quiver.exec.window;

import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * The partitions and peer groups of rows [0, rows) of a window's buffer (sorted by partition keys then
 * order keys): {@code partitions[k]..partitions[k+1]} is the k-th partition; per row the first row of
 * its peer group and the row after its last peer (rows equal on every order key, within its partition).
 */
final class ChunkLayout {
  final int rows;
  /** Partition starts, then {@code rows}: partition k is [partitions[k], partitions[k + 1]). */
  final int[] partitions;
  final int partitionCount;
  final int[] peerStart;
  final int[] peerEnd;

  private ChunkLayout(int rows, int[] partitions, int partitionCount, int[] peerStart, int[] peerEnd) {
    this.rows = rows;
    this.partitions = partitions;
    this.partitionCount = partitionCount;
    this.peerStart = peerStart;
    this.peerEnd = peerEnd;
  }

  /** Heap bytes {@link #of} takes for {@code rows} rows (reserved by the caller first). */
  static long bytes(int rows) {
    return 14L * rows + 64;
  }

  static ChunkLayout of(List<FieldVector> partitionKeys, List<FieldVector> orderKeys, int rows) {
    boolean[] changed = new boolean[rows];
    for (FieldVector key : partitionKeys) {
      KeyChanges.mark(key, 1, rows, changed, 0);
    }
    int count = rows == 0 ? 0 : 1;
    for (int row = 1; row < rows; row++) {
      if (changed[row]) {
        count++;
      }
    }
    int[] partitions = new int[count + 1];
    int k = 0;
    for (int row = 0; row < rows; row++) {
      if (row == 0 || changed[row]) {
        partitions[k++] = row;
      }
    }
    partitions[count] = rows;
    if (rows > 0) {
      changed[0] = true;
    }
    for (FieldVector key : orderKeys) {
      KeyChanges.mark(key, 1, rows, changed, 0);
    }
    int[] peerStart = new int[rows];
    int[] peerEnd = new int[rows];
    int start = 0;
    for (int row = 0; row < rows; row++) {
      if (changed[row]) {
        start = row;
      }
      peerStart[row] = start;
    }
    int end = rows;
    for (int row = rows - 1; row >= 0; row--) {
      peerEnd[row] = end;
      if (changed[row]) {
        end = row;
      }
    }
    return new ChunkLayout(rows, partitions, count, peerStart, peerEnd);
  }

  /** The last row in [from, rows) that starts a partition, or -1 ({@code from} at least 1). */
  static int lastPartitionStart(List<FieldVector> partitionKeys, int from, int rows) {
    if (partitionKeys.isEmpty() || from >= rows) {
      return -1;
    }
    boolean[] changed = new boolean[rows - from];
    for (FieldVector key : partitionKeys) {
      KeyChanges.mark(key, from, rows, changed, from);
    }
    for (int row = rows - 1; row >= from; row--) {
      if (changed[row - from]) {
        return row;
      }
    }
    return -1;
  }
}
