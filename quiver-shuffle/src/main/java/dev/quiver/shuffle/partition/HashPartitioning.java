package dev.quiver.shuffle.partition;

import dev.quiver.common.QuiverException;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Spark's hash partitioning: {@code pmod(hash(c1, ..., cn), P)} where {@code hash} is Spark's
 * Murmur3 with seed 42, each column's hash seeded by the previous one and nulls skipped
 * ({@link SparkHash}, {@link ColumnHasher}).
 */
public final class HashPartitioning implements Partitioning {
  private final int partitions;
  private final List<String> columns;

  HashPartitioning(int partitions, List<String> columns) {
    this.partitions = Partitioning.checkCount(partitions);
    if (columns.isEmpty()) {
      throw QuiverException.user("hash partitioning needs at least one column");
    }
    this.columns = List.copyOf(columns);
  }

  public List<String> columns() {
    return columns;
  }

  @Override
  public int partitionCount() {
    return partitions;
  }

  @Override
  public Partitioner newPartitioner(Schema schema, int mapTask) {
    return new HashPartitioner(schema);
  }

  @Override
  public String toString() {
    return "hash(" + String.join(", ", columns) + ") into " + partitions;
  }

  /** Computes Spark's hashes of the partitioning columns, then their partitions. */
  public final class HashPartitioner implements Partitioner {
    private final int[] columnIndexes;
    private final ColumnHasher[] hashers;

    private HashPartitioner(Schema schema) {
      columnIndexes = new int[columns.size()];
      hashers = new ColumnHasher[columns.size()];
      for (int i = 0; i < columns.size(); i++) {
        columnIndexes[i] = Partitioning.columnIndex(schema, columns.get(i));
        hashers[i] = ColumnHasher.of(schema.getFields().get(columnIndexes[i]));
      }
    }

    @Override
    public int partitionCount() {
      return partitions;
    }

    /** Writes Spark's {@code hash(columns...)} of every row of {@code batch} to {@code hashes}. */
    public void hash(VectorSchemaRoot batch, int[] hashes) {
      int rows = batch.getRowCount();
      java.util.Arrays.fill(hashes, 0, rows, SparkHash.SEED);
      for (int i = 0; i < columnIndexes.length; i++) {
        FieldVector vector = batch.getVector(columnIndexes[i]);
        hashers[i].update(vector, rows, hashes);
      }
    }

    @Override
    public void partition(VectorSchemaRoot batch, int[] partitionIds) {
      hash(batch, partitionIds);
      int rows = batch.getRowCount();
      if (Integer.bitCount(partitions) == 1) {
        // pmod by a power of two is the hash's low bits, negative hashes included: no division per row
        int mask = partitions - 1;
        for (int row = 0; row < rows; row++) {
          partitionIds[row] &= mask;
        }
      } else {
        for (int row = 0; row < rows; row++) {
          partitionIds[row] = Math.floorMod(partitionIds[row], partitions);
        }
      }
    }
  }
}
