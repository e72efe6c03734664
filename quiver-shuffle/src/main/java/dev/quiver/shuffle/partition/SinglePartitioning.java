package dev.quiver.shuffle.partition;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** Every row in partition 0 (a gather to one reduce task). */
final class SinglePartitioning implements Partitioning {

  @Override
  public int partitionCount() {
    return 1;
  }

  @Override
  public Partitioner newPartitioner(Schema schema, int mapTask) {
    return new Partitioner() {
      @Override
      public int partitionCount() {
        return 1;
      }

      @Override
      public void partition(VectorSchemaRoot batch, int[] partitionIds) {
        java.util.Arrays.fill(partitionIds, 0, batch.getRowCount(), 0);
      }
    };
  }

  @Override
  public String toString() {
    return "single";
  }
}
