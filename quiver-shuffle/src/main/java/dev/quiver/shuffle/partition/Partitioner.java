package dev.quiver.shuffle.partition;

import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Assigns each row of a batch to a partition. One instance per map task and thread (a partitioner
 * may keep scratch space and a position); {@link Partitioning#newPartitioner} makes them.
 */
public interface Partitioner {

  /** The number of partitions, P; every id this partitioner gives is in {@code [0, P)}. */
  int partitionCount();

  /**
   * Writes the partition of row {@code r} of {@code batch} to {@code partitions[r]}, for every row.
   *
   * @param partitions at least {@code batch.getRowCount()} long
   */
  void partition(VectorSchemaRoot batch, int[] partitions);
}
