package dev.quiver.exec.window;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.plan.WindowCall;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST and NTILE from the partitions and peer groups
 * alone: one pass over the rows.
 */
final class RankingFunctions {
  private RankingFunctions() {}

  static FieldVector compute(WindowCall call, ChunkLayout layout, BufferAllocator allocator) {
    int rows = layout.rows;
    switch (call.function()) {
      case ROW_NUMBER, RANK, DENSE_RANK, NTILE -> {
        long[] values = new long[rows];
        for (int k = 0; k < layout.partitionCount; k++) {
          int from = layout.partitions[k];
          int to = layout.partitions[k + 1];
          switch (call.function()) {
            case ROW_NUMBER -> {
              for (int row = from; row < to; row++) {
                values[row] = (long) row - from + 1;
              }
            }
            case RANK -> {
              for (int row = from; row < to; row++) {
                values[row] = (long) layout.peerStart[row] - from + 1;
              }
            }
            case DENSE_RANK -> {
              long rank = 0;
              for (int row = from; row < to; row++) {
                if (layout.peerStart[row] == row) {
                  rank++;
                }
                values[row] = rank;
              }
            }
            default -> ntile(call.offset(), from, to, values);
          }
        }
        return ResultVectors.ofLongs(call.field(), values, null, rows, allocator);
      }
      case PERCENT_RANK, CUME_DIST -> {
        double[] values = new double[rows];
        for (int k = 0; k < layout.partitionCount; k++) {
          int from = layout.partitions[k];
          int to = layout.partitions[k + 1];
          long size = (long) to - from;
          for (int row = from; row < to; row++) {
            values[row] = call.function() == dev.quiver.exec.plan.WindowFunction.PERCENT_RANK
                ? (size <= 1 ? 0 : (double) (layout.peerStart[row] - from) / (size - 1))
                : (double) (layout.peerEnd[row] - from) / size;
          }
        }
        return ResultVectors.ofDoubles(call.field(), values, null, rows, allocator);
      }
      default -> throw new IllegalArgumentException(call.function() + " is not a ranking function");
    }
  }

  /** NTILE(buckets): the first (size % buckets) buckets get one row more. */
  private static void ntile(long buckets, int from, int to, long[] values) {
    if (buckets <= 0) {
      throw new QuiverException(ErrorCode.USER, "NTILE's argument must be greater than zero, not " + buckets);
    }
    long size = (long) to - from;
    long per = size / buckets;
    long larger = size % buckets;
    for (int row = from; row < to; row++) {
      long index = (long) row - from;
      long bucket = index < larger * (per + 1) ? index / (per + 1) : larger + (index - larger * (per + 1)) / per;
      values[row] = bucket + 1;
    }
  }
}
