package dev.quiver.exec.window;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.VectorGather;
import dev.quiver.exec.plan.WindowCall;
import dev.quiver.exec.plan.WindowFunction;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * Aggregates and value functions over frames with EXCLUDE: each row's frame is up to three ranges
 * ({@link FrameBounds#pieces}); counts come from running counts, sums, MIN and MAX from
 * {@link SegmentTree}s queried once per range (O(log n) per row).
 */
final class ExcludedFrames {
  private ExcludedFrames() {}

  static FieldVector aggregate(WindowCall call, ChunkLayout layout, FrameBounds frames, List<FieldVector> columns,
      BufferAllocator allocator) {
    int rows = layout.rows;
    int[] pieces = new int[6];
    if (call.arguments().isEmpty()) {
      long[] counts = new long[rows];
      for (int row = 0; row < rows; row++) {
        int count = frames.pieces(row, pieces);
        for (int k = 0; k < count; k++) {
          counts[row] += pieces[2 * k + 1] - pieces[2 * k];
        }
      }
      return ResultVectors.ofLongs(call.field(), counts, null, rows, allocator);
    }
    FieldVector argument = columns.get(call.arguments().get(0));
    boolean[] valid = NumericReader.valid(argument, rows);
    int[] before = new int[rows + 1];
    for (int row = 0; row < rows; row++) {
      before[row + 1] = before[row] + (valid[row] ? 1 : 0);
    }
    long[] counts = new long[rows];
    boolean[] isNull = new boolean[rows];
    for (int row = 0; row < rows; row++) {
      int count = frames.pieces(row, pieces);
      for (int k = 0; k < count; k++) {
        counts[row] += before[pieces[2 * k + 1]] - before[pieces[2 * k]];
      }
      isNull[row] = counts[row] == 0;
    }
    String name = call.function().name();
    switch (call.function()) {
      case COUNT:
        return ResultVectors.ofLongs(call.field(), counts, null, rows, allocator);
      case MIN:
      case MAX: {
        SegmentTree.Extreme tree = new SegmentTree.Extreme(RowOrder.of(argument, rows, name), valid, rows,
            call.function() == WindowFunction.MAX);
        int[] positions = new int[rows];
        for (int row = 0; row < rows; row++) {
          int count = frames.pieces(row, pieces);
          int best = -1;
          for (int k = 0; k < count; k++) {
            best = tree.better(best, tree.query(pieces[2 * k], pieces[2 * k + 1]));
          }
          positions[row] = best;
        }
        return VectorGather.gather(argument, positions, rows, call.field(), allocator);
      }
      case SUM:
      case AVG: {
        if (NumericReader.isFloating(argument)) {
          SegmentTree.Sum tree = new SegmentTree.Sum(NumericReader.doubles(argument, rows), valid, rows);
          double[] sums = new double[rows];
          for (int row = 0; row < rows; row++) {
            int count = frames.pieces(row, pieces);
            for (int k = 0; k < count; k++) {
              sums[row] += tree.query(pieces[2 * k], pieces[2 * k + 1]);
            }
            if (call.function() == WindowFunction.AVG && !isNull[row]) {
              sums[row] /= counts[row];
            }
          }
          return ResultVectors.ofDoubles(call.field(), sums, isNull, rows, allocator);
        }
        long[] sums = new long[rows];
        try {
          SegmentTree.LongSum tree = new SegmentTree.LongSum(NumericReader.longs(argument, rows, name), rows);
          for (int row = 0; row < rows; row++) {
            int count = frames.pieces(row, pieces);
            for (int k = 0; k < count; k++) {
              sums[row] = Math.addExact(sums[row], tree.query(pieces[2 * k], pieces[2 * k + 1]));
            }
          }
        } catch (ArithmeticException overflow) {
          throw new QuiverException(ErrorCode.USER, "window " + name + " overflowed 64 bits");
        }
        if (call.function() == WindowFunction.SUM) {
          return ResultVectors.ofLongs(call.field(), sums, isNull, rows, allocator);
        }
        return FrameAggregates.averages(call, argument, sums, counts, isNull, rows, allocator);
      }
      default:
        throw new IllegalArgumentException(call.function() + " is not a windowed aggregate");
    }
  }

  /** FIRST_VALUE, LAST_VALUE, NTH_VALUE's row over the frame's ranges (IGNORE NULLS: counting non-NULL rows). */
  static int position(FrameBounds frames, int row, int[] pieces, boolean last, long nth, int[] nonNull,
      int[] before) {
    int count = frames.pieces(row, pieces);
    if (last) {
      for (int k = count - 1; k >= 0; k--) {
        int from = pieces[2 * k];
        int to = pieces[2 * k + 1];
        if (nonNull == null) {
          return to - 1;
        }
        if (before[to] > before[from]) {
          return nonNull[before[to] - 1];
        }
      }
      return -1;
    }
    long remaining = nth;
    for (int k = 0; k < count; k++) {
      int from = pieces[2 * k];
      int to = pieces[2 * k + 1];
      long size = nonNull == null ? to - from : before[to] - before[from];
      if (remaining <= size) {
        return nonNull == null ? (int) (from + remaining - 1) : nonNull[(int) (before[from] + remaining - 1)];
      }
      remaining -= size;
    }
    return -1;
  }
}
