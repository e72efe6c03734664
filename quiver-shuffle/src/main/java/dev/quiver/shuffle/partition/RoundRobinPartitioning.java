package dev.quiver.shuffle.partition;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Rows dealt to partitions in turn. Map task m starts at partition {@code m mod P} (so small map
 * tasks do not all fill partition 0) and continues across its batches.
 */
final class RoundRobinPartitioning implements Partitioning {
  private final int partitions;

  RoundRobinPartitioning(int partitions) {
    this.partitions = Partitioning.checkCount(partitions);
  }

  @Override
  public int partitionCount() {
    return partitions;
  }

  @Override
  public Partitioner newPartitioner(Schema schema, int mapTask) {
    return new Partitioner() {
      private int next = Math.floorMod(mapTask, partitions);

      @Override
      public int partitionCount() {
        return partitions;
      }

      @Override
      public void partition(VectorSchemaRoot batch, int[] partitionIds) {
        int rows = batch.getRowCount();
        for (int row = 0; row < rows; row++) {
          partitionIds[row] = next;
          next = next + 1 == partitions ? 0 : next + 1;
        }
      }
    };
  }

  @Override
  public String toString() {
    return "round-robin into " + partitions;
  }
}
