package dev.quiver.exec.window;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.VectorGather;
import dev.quiver.exec.plan.WindowCall;
import dev.quiver.exec.plan.WindowFunction;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.util.VectorBatchAppender;

/**
 * LAG, LEAD, FIRST_VALUE, LAST_VALUE and NTH_VALUE: per row the position of the row whose argument
 * is the answer (-1: NULL, -2: LAG/LEAD's default), then one gather (from the argument's rows followed by
 * the default column's when a default is taken). IGNORE NULLS counts only the
 * rows whose argument is not NULL, through the positions of those rows and a running count of them.
 */
final class ValueFunctions {
  private static final int DEFAULT = -2;

  private ValueFunctions() {}

  static FieldVector compute(WindowCall call, ChunkLayout layout, FrameBounds frames, List<FieldVector> columns,
      BufferAllocator allocator) {
    int rows = layout.rows;
    FieldVector argument = columns.get(call.arguments().get(0));
    if (!argument.getField().getType().equals(call.type())) {
      throw new IllegalArgumentException(call + " returns " + call.type() + " from an argument of type "
          + argument.getField().getType());
    }
    int[] positions = new int[rows];
    int[] nonNull = null;
    int[] before = null;
    if (call.ignoreNulls()) {
      before = new int[rows + 1];
      nonNull = new int[rows];
      int count = 0;
      for (int row = 0; row < rows; row++) {
        before[row] = count;
        if (!argument.isNull(row)) {
          nonNull[count++] = row;
        }
      }
      before[rows] = count;
    }
    boolean defaults = false;
    for (int k = 0; k < layout.partitionCount; k++) {
      int from = layout.partitions[k];
      int to = layout.partitions[k + 1];
      switch (call.function()) {
        case LAG, LEAD -> defaults |= shift(call, from, to, nonNull, before, positions);
        case FIRST_VALUE, LAST_VALUE, NTH_VALUE -> framed(call, from, to, frames, nonNull, before, positions);
        default -> throw new IllegalArgumentException(call.function() + " is not a value function");
      }
    }
    FieldVector defaultColumn = call.arguments().size() > 1 ? columns.get(call.arguments().get(1)) : null;
    if (!defaults || defaultColumn == null) {
      for (int row = 0; row < rows; row++) {
        positions[row] = Math.max(-1, positions[row]);
      }
      return VectorGather.gather(argument, positions, rows, call.field(), allocator);
    }
    // the argument's rows then the default column's, so one gather takes from either
    int defaultsFrom = argument.getValueCount();
    for (int row = 0; row < rows; row++) {
      if (positions[row] == DEFAULT) {
        positions[row] = defaultsFrom + row;
      }
    }
    try (FieldVector both = call.field().createVector(allocator)) {
      both.allocateNew();
      VectorBatchAppender.batchAppend(both, argument, defaultColumn);
      return VectorGather.gather(both, positions, rows, call.field(), allocator);
    }
  }

  /** LAG/LEAD; whether any row took the default. */
  private static boolean shift(WindowCall call, int from, int to, int[] nonNull, int[] before, int[] positions) {
    long step = call.function() == WindowFunction.LAG ? -call.offset() : call.offset();
    boolean defaults = false;
    for (int row = from; row < to; row++) {
      long target;
      if (nonNull == null) {
        target = row + step;
        target = target >= from && target < to ? target : DEFAULT;
      } else if (step == 0) {
        target = row;
      } else {
        // the |step|-th non-null row before (LAG) or after (LEAD) the row
        long index = step < 0 ? before[row] + step : before[row + 1] + step - 1;
        target = index >= before[from] && index < before[to] ? nonNull[(int) index] : DEFAULT;
      }
      positions[row] = (int) target;
      defaults |= target == DEFAULT;
    }
    return defaults;
  }

  private static void framed(WindowCall call, int from, int to, FrameBounds frames, int[] nonNull, int[] before,
      int[] positions) {
    long nth = call.function() == WindowFunction.NTH_VALUE ? call.offset() : 1;
    if (nth <= 0) {
      throw new QuiverException(ErrorCode.USER, "NTH_VALUE's position must be greater than zero, not " + nth);
    }
    boolean last = call.function() == WindowFunction.LAST_VALUE;
    if (frames.excludes()) {
      int[] pieces = new int[6];
      for (int row = from; row < to; row++) {
        positions[row] = ExcludedFrames.position(frames, row, pieces, last, nth, nonNull, before);
      }
      return;
    }
    for (int row = from; row < to; row++) {
      int start = frames.start[row];
      int end = frames.end[row];
      int position;
      if (nonNull == null) {
        long at = last ? end - 1L : start + nth - 1;
        position = at >= start && at < end ? (int) at : -1;
      } else {
        long index = last ? before[end] - 1L : before[start] + nth - 1;
        position = index >= before[start] && index < before[end] ? nonNull[(int) index] : -1;
      }
      positions[row] = position;
    }
  }
}
