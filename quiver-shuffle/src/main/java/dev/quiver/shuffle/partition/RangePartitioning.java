package dev.quiver.shuffle.partition;

import dev.quiver.common.QuiverException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Range partitioning of one column by given bounds, Spark's way: with bounds b0 &le; b1 &le; ... &le;
 * b(P-2), a value goes to the first partition i whose bound b(i) is at least the value (so a value
 * equal to a bound stays left of it), or to the last partition P-1 when it exceeds every bound.
 * Nulls sort first: partition 0. Ascending order only.
 *
 * <p>Bounds are Java values matching the column ({@link RangeKeys}): integers, dates (as
 * {@code LocalDate} or days) and timestamps (as {@code Instant} or the column's unit) take whole
 * numbers; floats and doubles any {@code Number} (NaN sorts last, -0.0 equals 0.0, as in Spark);
 * decimals {@code BigDecimal} or whole numbers; strings {@code String} (compared as UTF-8 bytes,
 * unsigned) and binary {@code byte[]}; booleans {@code Boolean}.
 */
public final class RangePartitioning implements Partitioning {
  private final String column;
  private final List<Object> bounds;

  RangePartitioning(String column, List<?> bounds) {
    this.column = column;
    if (bounds.size() >= MAX_PARTITIONS) {
      throw QuiverException.user("too many range bounds: " + bounds.size() + " bounds make "
          + (bounds.size() + 1L) + " partitions, more than the " + MAX_PARTITIONS + " a shuffle may have");
    }
    this.bounds = List.copyOf(new ArrayList<Object>(bounds));
  }

  @Override
  public int partitionCount() {
    return bounds.size() + 1;
  }

  @Override
  public Partitioner newPartitioner(Schema schema, int mapTask) {
    int index = Partitioning.columnIndex(schema, column);
    Field field = schema.getFields().get(index);
    RangeKeys keys = RangeKeys.of(field, bounds);
    for (int i = 1; i < bounds.size(); i++) {
      if (keys.compareBounds(i - 1, i) > 0) {
        throw QuiverException.user("range bounds of column " + column + " must not decrease: bound " + i + " ("
            + bounds.get(i) + ") is below bound " + (i - 1) + " (" + bounds.get(i - 1) + ")");
      }
    }
    int partitions = partitionCount();
    return new Partitioner() {
      @Override
      public int partitionCount() {
        return partitions;
      }

      @Override
      public void partition(VectorSchemaRoot batch, int[] partitionIds) {
        FieldVector vector = batch.getVector(index);
        int rows = batch.getRowCount();
        for (int row = 0; row < rows; row++) {
          partitionIds[row] = vector.isNull(row) ? 0 : firstBoundAtLeast(keys, vector, row);
        }
      }
    };
  }

  /** The number of bounds below the value: the first i with bound(i) &ge; value, or P - 1. */
  private int firstBoundAtLeast(RangeKeys keys, FieldVector vector, int row) {
    int low = 0;
    int high = bounds.size();
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (keys.compareValueToBound(vector, row, middle) > 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  @Override
  public String toString() {
    return "range(" + column + ") by " + bounds.size() + " bounds into " + partitionCount();
  }
}
