package dev.quiver.exec.window;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.VectorGather;
import dev.quiver.exec.plan.WindowCall;
import dev.quiver.exec.plan.WindowFrame.BoundKind;
import dev.quiver.exec.plan.WindowFunction;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * COUNT, SUM, AVG, MIN and MAX over each row's frame, never re-reading a frame: counts from a running
 * count of non-NULL rows (O(1) per row); exact (integer, decimal) sums by adding the rows entering
 * and removing the rows leaving the frame as it slides (both ends only move forward inside a
 * partition); floating sums and MIN/MAX of frames that start at the partition's first row by a
 * running state, of other frames by a {@link SegmentTree} (O(log n) per row, so floating sums do not
 * drift as add/remove would).
 */
final class FrameAggregates {
  private FrameAggregates() {}

  static FieldVector compute(WindowCall call, ChunkLayout layout, FrameBounds frames, List<FieldVector> columns,
      BufferAllocator allocator) {
    int rows = layout.rows;
    if (frames.excludes()) {
      return ExcludedFrames.aggregate(call, layout, frames, columns, allocator);
    }
    if (call.function() == WindowFunction.COUNT && call.arguments().isEmpty()) {
      long[] counts = new long[rows];
      for (int row = 0; row < rows; row++) {
        counts[row] = (long) frames.end[row] - frames.start[row];
      }
      return ResultVectors.ofLongs(call.field(), counts, null, rows, allocator);
    }
    FieldVector argument = columns.get(call.arguments().get(0));
    boolean[] valid = NumericReader.valid(argument, rows);
    int[] before = new int[rows + 1];
    for (int row = 0; row < rows; row++) {
      before[row + 1] = before[row] + (valid[row] ? 1 : 0);
    }
    boolean running = call.frame().lower().kind() == BoundKind.UNBOUNDED_PRECEDING;
    String name = call.function().name();
    switch (call.function()) {
      case COUNT -> {
        long[] counts = new long[rows];
        for (int row = 0; row < rows; row++) {
          counts[row] = (long) before[frames.end[row]] - before[frames.start[row]];
        }
        return ResultVectors.ofLongs(call.field(), counts, null, rows, allocator);
      }
      case MIN, MAX -> {
        int[] positions = extremes(RowOrder.of(argument, rows, name), valid, layout, frames, running,
            call.function() == WindowFunction.MAX);
        return VectorGather.gather(argument, positions, rows, call.field(), allocator);
      }
      case SUM, AVG -> {
        boolean[] isNull = new boolean[rows];
        for (int row = 0; row < rows; row++) {
          isNull[row] = before[frames.end[row]] == before[frames.start[row]];
        }
        if (NumericReader.isFloating(argument)) {
          double[] sums = floatingSums(NumericReader.doubles(argument, rows), valid, layout, frames, running);
          if (call.function() == WindowFunction.AVG) {
            for (int row = 0; row < rows; row++) {
              sums[row] = isNull[row] ? 0 : sums[row] / (before[frames.end[row]] - before[frames.start[row]]);
            }
          }
          return ResultVectors.ofDoubles(call.field(), sums, isNull, rows, allocator);
        }
        long[] sums = exactSums(NumericReader.longs(argument, rows, name), layout, frames, call);
        if (call.function() == WindowFunction.SUM) {
          return ResultVectors.ofLongs(call.field(), sums, isNull, rows, allocator);
        }
        long[] counts = new long[rows];
        for (int row = 0; row < rows; row++) {
          counts[row] = (long) before[frames.end[row]] - before[frames.start[row]];
        }
        return averages(call, argument, sums, counts, isNull, rows, allocator);
      }
      default -> throw new IllegalArgumentException(call.function() + " is not a windowed aggregate");
    }
  }

  /** AVG from exact sums and the counts of values summed ({@code isNull}: none). */
  static FieldVector averages(WindowCall call, FieldVector argument, long[] sums, long[] counts, boolean[] isNull,
      int rows, BufferAllocator allocator) {
    if (!(call.type() instanceof ArrowType.Decimal result)) {
      double[] averages = new double[rows];
      for (int row = 0; row < rows; row++) {
        averages[row] = isNull[row] ? 0 : (double) sums[row] / counts[row];
      }
      return ResultVectors.ofDoubles(call.field(), averages, isNull, rows, allocator);
    }
    int scale = argument.getField().getType() instanceof ArrowType.Decimal decimal ? decimal.getScale() : 0;
    int shift = result.getScale() - scale;
    long[] averages = new long[rows];
    for (int row = 0; row < rows; row++) {
      if (!isNull[row]) {
        averages[row] = average(sums[row], counts[row], shift);
      }
    }
    return ResultVectors.ofLongs(call.field(), averages, isNull, rows, allocator);
  }

  /** sum * 10^shift / count rounded half up, in longs unless that overflows. */
  private static long average(long sum, long count, int shift) {
    try {
      long scaled = sum;
      for (int i = 0; i < shift; i++) {
        scaled = Math.multiplyExact(scaled, 10);
      }
      if (shift >= 0) {
        long quotient = scaled / count;
        long remainder = scaled % count;
        if (Math.abs(remainder) >= count - Math.abs(remainder)) {
          quotient += scaled < 0 ? -1 : 1;
        }
        return quotient;
      }
    } catch (ArithmeticException overflow) {
      // the exact way below
    }
    try {
      return BigDecimal.valueOf(sum).movePointRight(shift).divide(BigDecimal.valueOf(count), 0, RoundingMode.HALF_UP)
          .longValueExact();
    } catch (ArithmeticException overflow) {
      throw new QuiverException(ErrorCode.USER, "window AVG of decimals overflowed 18 digits");
    }
  }

  /** Integer and decimal sums: add what enters the frame, remove what leaves it (NULL rows hold 0). */
  private static long[] exactSums(long[] values, ChunkLayout layout, FrameBounds frames, WindowCall call) {
    long[] sums = new long[layout.rows];
    try {
      for (int k = 0; k < layout.partitionCount; k++) {
        int from = layout.partitions[k];
        int to = layout.partitions[k + 1];
        long sum = 0;
        int start = from;
        int end = from;
        for (int row = from; row < to; row++) {
          int wantStart = frames.start[row];
          int wantEnd = frames.end[row];
          if (wantStart >= end) {
            // the frame jumped past the old one: start over
            sum = 0;
            start = wantStart;
            end = wantStart;
          }
          while (end < wantEnd) {
            sum = Math.addExact(sum, values[end++]);
          }
          while (start < wantStart) {
            sum = Math.subtractExact(sum, values[start++]);
          }
          sums[row] = sum;
        }
      }
    } catch (ArithmeticException overflow) {
      throw new QuiverException(ErrorCode.USER, "window " + call.function().name() + " overflowed 64 bits");
    }
    return sums;
  }

  private static double[] floatingSums(double[] values, boolean[] valid, ChunkLayout layout, FrameBounds frames,
      boolean running) {
    int rows = layout.rows;
    double[] sums = new double[rows];
    if (running) {
      for (int k = 0; k < layout.partitionCount; k++) {
        int from = layout.partitions[k];
        int to = layout.partitions[k + 1];
        double sum = 0;
        int end = from;
        for (int row = from; row < to; row++) {
          while (end < frames.end[row]) {
            sum += valid[end] ? values[end] : 0;
            end++;
          }
          sums[row] = sum;
        }
      }
      return sums;
    }
    SegmentTree.Sum tree = new SegmentTree.Sum(values, valid, rows);
    for (int row = 0; row < rows; row++) {
      sums[row] = tree.query(frames.start[row], frames.end[row]);
    }
    return sums;
  }

  private static int[] extremes(RowOrder order, boolean[] valid, ChunkLayout layout, FrameBounds frames,
      boolean running, boolean greatest) {
    int rows = layout.rows;
    int[] positions = new int[rows];
    SegmentTree.Extreme tree = new SegmentTree.Extreme(order, valid, running ? 0 : rows, greatest);
    if (!running) {
      for (int row = 0; row < rows; row++) {
        positions[row] = tree.query(frames.start[row], frames.end[row]);
      }
      return positions;
    }
    for (int k = 0; k < layout.partitionCount; k++) {
      int from = layout.partitions[k];
      int to = layout.partitions[k + 1];
      int best = -1;
      int end = from;
      for (int row = from; row < to; row++) {
        while (end < frames.end[row]) {
          best = tree.better(best, valid[end] ? end : -1);
          end++;
        }
        positions[row] = best;
      }
    }
    return positions;
  }
}
