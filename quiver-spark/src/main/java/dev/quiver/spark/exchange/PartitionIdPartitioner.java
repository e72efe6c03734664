package dev.quiver.spark.exchange;

import org.apache.spark.Partitioner;

/**
 * Spark's side of the exchange's partitioning: the map side has already chosen each block's
 * partition, so the key is the partition id and this partitioner returns it unchanged.
 */
final class PartitionIdPartitioner extends Partitioner {
  private static final long serialVersionUID = 1L;

  private final int partitions;

  PartitionIdPartitioner(int partitions) {
    this.partitions = partitions;
  }

  @Override
  public int numPartitions() {
    return partitions;
  }

  @Override
  public int getPartition(Object key) {
    int partition = (Integer) key;
    if (partition < 0 || partition >= partitions) {
      throw new IllegalArgumentException("partition id " + partition + " outside 0.." + (partitions - 1));
    }
    return partition;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PartitionIdPartitioner that && that.partitions == partitions;
  }

  @Override
  public int hashCode() {
    return partitions;
  }
}
