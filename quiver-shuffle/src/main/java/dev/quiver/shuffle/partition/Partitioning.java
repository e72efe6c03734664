package dev.quiver.shuffle.partition;

import dev.quiver.common.QuiverException;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * How rows are spread over partitions: an immutable description that makes a {@link Partitioner}
 * per map task. Four schemes:
 *
 * <ul>
 *   <li>{@link #hash}: Spark's hash partitioning on one or more columns (Murmur3, seed 42, then a
 *       positive modulo), so a row lands in the partition Spark gives it;
 *   <li>{@link #range}: one column against sorted bounds (Spark's rule: the first partition whose
 *       bound is at least the value; nulls first);
 *   <li>{@link #roundRobin}: rows dealt in turn, each map task starting at its own position;
 *   <li>{@link #single}: everything in partition 0.
 * </ul>
 */
public interface Partitioning {

  /**
   * The most partitions a shuffle may have: 2^24 = 16,777,216, Spark's own limit for its
   * serialized sort shuffle ({@code SortShuffleManager.MAX_SHUFFLE_OUTPUT_PARTITIONS_FOR_SERIALIZED_MODE},
   * the 24-bit partition id of {@code PackedRecordPointer}). Every count that sizes per-partition
   * state (a partitioner, a writer, an index read from a file) is checked against it first.
   */
  int MAX_PARTITIONS = 1 << 24;

  /** The number of partitions. */
  int partitionCount();

  /**
   * A partitioner for batches of {@code schema} in map task {@code mapTask}.
   *
   * @throws QuiverException USER when a column is missing or has a type the scheme cannot order or hash
   */
  Partitioner newPartitioner(Schema schema, int mapTask);

  /** Spark's hash partitioning of {@code columns} into {@code partitions}. */
  static Partitioning hash(int partitions, List<String> columns) {
    return new HashPartitioning(partitions, columns);
  }

  /** Spark's hash partitioning of {@code columns} into {@code partitions}. */
  static Partitioning hash(int partitions, String... columns) {
    return hash(partitions, List.of(columns));
  }

  /**
   * Range partitioning of {@code column} by {@code bounds} (non-decreasing, P - 1 of them for P
   * partitions); see {@link RangePartitioning} for the Java types a bound may have.
   */
  static Partitioning range(String column, List<?> bounds) {
    return new RangePartitioning(column, bounds);
  }

  /** Round-robin over {@code partitions}. */
  static Partitioning roundRobin(int partitions) {
    return new RoundRobinPartitioning(partitions);
  }

  /** One partition. */
  static Partitioning single() {
    return new SinglePartitioning();
  }

  /** Checks a partition count: 1 to {@link #MAX_PARTITIONS}. */
  static int checkCount(int partitions) {
    if (partitions < 1) {
      throw QuiverException.user("the number of partitions must be at least 1, not " + partitions);
    }
    if (partitions > MAX_PARTITIONS) {
      throw QuiverException.user("the number of partitions must be at most " + MAX_PARTITIONS
          + " (2^24, Spark's limit for a serialized shuffle), not " + partitions);
    }
    return partitions;
  }

  /** The index of {@code column} in {@code schema}; USER error naming the columns there are. */
  static int columnIndex(Schema schema, String column) {
    List<Field> fields = schema.getFields();
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).getName().equals(column)) {
        return i;
      }
    }
    throw QuiverException.user("no column " + column + " to partition by; the columns are "
        + fields.stream().map(Field::getName).toList());
  }
}
