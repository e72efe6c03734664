package dev.quiver.shuffle.exchange;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;

/**
 * A batch's rows grouped by partition (a counting sort of the partition ids): the rows of partition
 * p are {@code order()[start(p), start(p + 1))}, in their order in the batch. Arrays are reused
 * from batch to batch.
 */
final class PartitionedRows {
  private final int partitions;
  private final int[] starts;
  private int[] order = new int[0];

  PartitionedRows(int partitions) {
    this.partitions = partitions;
    this.starts = new int[partitions + 1];
  }

  /** Groups rows {@code [0, rows)} by {@code partitionIds}, each in {@code [0, partitions)}. */
  void group(int[] partitionIds, int rows) {
    if (order.length < rows) {
      order = new int[Math.max(rows, order.length * 2)];
    }
    java.util.Arrays.fill(starts, 0);
    for (int row = 0; row < rows; row++) {
      int partition = partitionIds[row];
      if (partition < 0 || partition >= partitions) {
        throw new QuiverException(ErrorCode.INTERNAL, "the partitioner put row " + row + " in partition " + partition
            + ", outside 0.." + (partitions - 1));
      }
      starts[partition + 1]++;
    }
    for (int p = 0; p < partitions; p++) {
      starts[p + 1] += starts[p];
    }
    // starts[p] is now where partition p begins; fill moving a cursor, then shift back.
    for (int row = 0; row < rows; row++) {
      order[starts[partitionIds[row]]++] = row;
    }
    for (int p = partitions; p > 0; p--) {
      starts[p] = starts[p - 1];
    }
    starts[0] = 0;
  }

  int[] order() {
    return order;
  }

  int start(int partition) {
    return starts[partition];
  }

  int end(int partition) {
    return starts[partition + 1];
  }
}
