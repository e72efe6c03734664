package dev.quiver.exec.window;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.plan.SortKey;
import dev.quiver.exec.plan.WindowFrame;
import dev.quiver.exec.plan.WindowFrame.Bound;
import dev.quiver.exec.plan.WindowFrame.BoundKind;
import java.math.BigDecimal;
import java.util.Arrays;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Each row's frame as [start, end) row indexes of the chunk (empty when start == end), both
 * non-decreasing inside a partition: ROWS by counting, RANGE by the peers (CURRENT ROW) or by two
 * pointers over the one ORDER BY key (offsets; a NULL key's frame is its NULL peers), GROUPS by
 * counting peer groups. O(rows).
 */
final class FrameBounds {
  final int[] start;
  final int[] end;
  private final WindowFrame.Exclude exclude;
  private final ChunkLayout layout;

  private FrameBounds(int[] start, int[] end, WindowFrame.Exclude exclude, ChunkLayout layout) {
    this.start = start;
    this.end = end;
    this.exclude = exclude;
    this.layout = layout;
  }

  /** Whether EXCLUDE takes rows out (the frame of a row is then up to three ranges: {@link #pieces}). */
  boolean excludes() {
    return exclude != WindowFrame.Exclude.NO_OTHERS;
  }

  /**
   * Row {@code row}'s frame after EXCLUDE as ascending disjoint non-empty ranges: {@code pieces[2k]} to
   * {@code pieces[2k + 1]} (exclusive); returns how many (at most 3; {@code pieces} holds 6).
   */
  int pieces(int row, int[] pieces) {
    int from = start[row];
    int to = end[row];
    int cutFrom;
    int cutTo;
    switch (exclude) {
      case NO_OTHERS -> {
        cutFrom = to;
        cutTo = to;
      }
      case CURRENT_ROW -> {
        cutFrom = row;
        cutTo = row + 1;
      }
      default -> {
        cutFrom = layout.peerStart[row];
        cutTo = layout.peerEnd[row];
      }
    }
    int count = 0;
    count = add(pieces, count, from, Math.min(to, cutFrom));
    if (exclude == WindowFrame.Exclude.TIES && row >= from && row < to) {
      count = add(pieces, count, row, row + 1);
    }
    count = add(pieces, count, Math.max(from, cutTo), to);
    return count;
  }

  private static int add(int[] pieces, int count, int from, int to) {
    if (from >= to) {
      return count;
    }
    pieces[2 * count] = from;
    pieces[2 * count + 1] = to;
    return count + 1;
  }

  /** Heap bytes of the bounds of {@code rows} rows. */
  static long bytes(int rows) {
    return 12L * rows + 40; // start, end and (GROUPS) the partition's group starts
  }

  /**
   * @param orderKey the one ORDER BY column (RANGE with offsets), else null
   * @param key its sort key (direction)
   */
  static FrameBounds of(WindowFrame frame, ChunkLayout layout, FieldVector orderKey, SortKey key) {
    int rows = layout.rows;
    int[] start = new int[rows];
    int[] end = new int[rows];
    boolean offsets = frame.unit() == WindowFrame.Unit.RANGE
        && (frame.lower().offset() != null || frame.upper().offset() != null);
    int[] groupStarts = frame.unit() == WindowFrame.Unit.GROUPS ? new int[rows + 1] : null;
    RangeKeys keys = offsets ? RangeKeys.of(orderKey, key) : null;
    for (int k = 0; k < layout.partitionCount; k++) {
      int from = layout.partitions[k];
      int to = layout.partitions[k + 1];
      if (frame.unit() == WindowFrame.Unit.ROWS) {
        rows(frame.lower(), false, from, to, start);
        rows(frame.upper(), true, from, to, end);
      } else if (frame.unit() == WindowFrame.Unit.GROUPS) {
        int groups = groupStarts(from, to, layout, groupStarts);
        groups(frame.lower(), false, from, to, layout, groupStarts, groups, start);
        groups(frame.upper(), true, from, to, layout, groupStarts, groups, end);
      } else {
        range(frame.lower(), false, from, to, layout, keys, start);
        range(frame.upper(), true, from, to, layout, keys, end);
      }
      for (int row = from; row < to; row++) {
        if (end[row] < start[row]) {
          end[row] = start[row];
        }
      }
    }
    return new FrameBounds(start, end, frame.exclude(), layout);
  }

  private static void rows(Bound bound, boolean upper, int from, int to, int[] into) {
    int add = upper ? 1 : 0;
    switch (bound.kind()) {
      case UNBOUNDED_PRECEDING -> Arrays.fill(into, from, to, from);
      case UNBOUNDED_FOLLOWING -> Arrays.fill(into, from, to, to);
      case CURRENT_ROW -> {
        for (int row = from; row < to; row++) {
          into[row] = row + add;
        }
      }
      case PRECEDING, FOLLOWING -> {
        long offset = wholeOffset(bound.offset(), "ROWS");
        long signed = bound.kind() == BoundKind.PRECEDING ? -offset : offset;
        for (int row = from; row < to; row++) {
          long at = row + signed + add;
          into[row] = (int) Math.max(from, Math.min(to, at));
        }
      }
    }
  }

  /**
   * The peer groups of partition [from, to): their first rows in {@code into[0..groups)}, then
   * {@code to}; returns how many groups.
   */
  private static int groupStarts(int from, int to, ChunkLayout layout, int[] into) {
    int groups = 0;
    for (int row = from; row < to; row = layout.peerEnd[row]) {
      into[groups++] = row;
    }
    into[groups] = to;
    return groups;
  }

  /**
   * GROUPS: the frame of a row in group g starts at group g - n (n PRECEDING) or g + n (n FOLLOWING) and
   * ends after it; groups before the first or after the last are the partition's ends.
   */
  private static void groups(Bound bound, boolean upper, int from, int to, ChunkLayout layout, int[] groupStarts,
      int groups, int[] into) {
    switch (bound.kind()) {
      case UNBOUNDED_PRECEDING -> Arrays.fill(into, from, to, from);
      case UNBOUNDED_FOLLOWING -> Arrays.fill(into, from, to, to);
      case CURRENT_ROW -> System.arraycopy(upper ? layout.peerEnd : layout.peerStart, from, into, from, to - from);
      case PRECEDING, FOLLOWING -> {
        long offset = wholeOffset(bound.offset(), "GROUPS");
        long signed = bound.kind() == BoundKind.PRECEDING ? -offset : offset;
        int group = 0;
        for (int row = from; row < to; row++) {
          if (row == groupStarts[group + 1]) {
            group++;
          }
          // the frame's end is the start of the group after group g + signed
          long at = group + signed + (upper ? 1 : 0);
          into[row] = groupStarts[(int) Math.max(0, Math.min(groups, at))];
        }
      }
    }
  }

  /** A ROWS or GROUPS offset ({@code unit}) as a count, capped at Integer.MAX_VALUE. */
  private static long wholeOffset(BigDecimal offset, String unit) {
    if (offset.stripTrailingZeros().scale() > 0) {
      throw new QuiverException(ErrorCode.USER, "a " + unit + " frame offset must be a whole number, not " + offset);
    }
    return offset.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0 ? Integer.MAX_VALUE : offset.longValue();
  }

  private static void range(Bound bound, boolean upper, int from, int to, ChunkLayout layout, RangeKeys keys,
      int[] into) {
    switch (bound.kind()) {
      case UNBOUNDED_PRECEDING -> Arrays.fill(into, from, to, from);
      case UNBOUNDED_FOLLOWING -> Arrays.fill(into, from, to, to);
      case CURRENT_ROW -> System.arraycopy(upper ? layout.peerEnd : layout.peerStart, from, into, from, to - from);
      case PRECEDING, FOLLOWING -> keys.bounds(bound, upper, from, to, layout, into);
    }
  }

  /** The ORDER BY key of a RANGE frame with offsets, read as longs or doubles in ascending order. */
  private static final class RangeKeys {
    private final FieldVector vector;
    private final boolean descending;
    private final int scale;
    private final boolean floating;

    private RangeKeys(FieldVector vector, boolean descending, int scale, boolean floating) {
      this.vector = vector;
      this.descending = descending;
      this.scale = scale;
      this.floating = floating;
    }

    static RangeKeys of(FieldVector vector, SortKey key) {
      if (vector == null) {
        throw new QuiverException(ErrorCode.USER,
            "a RANGE frame with an offset needs exactly one ORDER BY key");
      }
      ArrowType type = vector.getField().getType();
      return switch (type.getTypeID()) {
        case Int, Date, Timestamp, Time -> new RangeKeys(vector, !key.ascending(), 0, false);
        case Decimal -> new RangeKeys(vector, !key.ascending(), ((ArrowType.Decimal) type).getScale(), false);
        case FloatingPoint -> new RangeKeys(vector, !key.ascending(), 0, true);
        default -> throw new QuiverException(ErrorCode.USER, "a RANGE frame with an offset needs a numeric,"
            + " date or timestamp ORDER BY key, not " + type);
      };
    }

    void bounds(Bound bound, boolean upper, int from, int to, ChunkLayout layout, int[] into) {
      // the NULL keys sit together at one end of the partition; their frame is their peers
      int nullFrom = to;
      int nullTo = to;
      if (from < to && vector.isNull(from)) {
        nullFrom = from;
        nullTo = from;
        while (nullTo < to && vector.isNull(nullTo)) {
          nullTo++;
        }
      } else {
        while (nullFrom > from && vector.isNull(nullFrom - 1)) {
          nullFrom--;
        }
      }
      for (int row = nullFrom; row < nullTo; row++) {
        into[row] = upper ? nullTo : nullFrom;
      }
      int valuesFrom = nullFrom == from && nullTo > from ? nullTo : from;
      int valuesTo = nullFrom == from && nullTo > from ? to : nullFrom;
      boolean preceding = bound.kind() == BoundKind.PRECEDING;
      BigDecimal scaled = bound.offset().movePointRight(scale);
      if (!floating && scaled.stripTrailingZeros().scale() <= 0) {
        long offset = scaled.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 4)) > 0 ? Long.MAX_VALUE / 4
            : scaled.longValueExact();
        longBounds(preceding ? -offset : offset, upper, valuesFrom, valuesTo, into);
      } else {
        double offset = scaled.doubleValue();
        doubleBounds(preceding ? -offset : offset, upper, valuesFrom, valuesTo, into);
      }
    }

    /** Row i's bound: the first row j with key(j) >= key(i) + delta (lower) or > (upper), keys ascending. */
    private void longBounds(long delta, boolean upper, int from, int to, int[] into) {
      int pointer = from;
      for (int row = from; row < to; row++) {
        long target = saturatedAdd(longKey(row), delta);
        while (pointer < to && (upper ? longKey(pointer) <= target : longKey(pointer) < target)) {
          pointer++;
        }
        into[row] = pointer;
      }
    }

    private void doubleBounds(double delta, boolean upper, int from, int to, int[] into) {
      int pointer = from;
      for (int row = from; row < to; row++) {
        double target = doubleKey(row) + delta;
        while (pointer < to && (upper ? doubleKey(pointer) <= target : doubleKey(pointer) < target)) {
          pointer++;
        }
        into[row] = pointer;
      }
    }

    private static long saturatedAdd(long a, long b) {
      long sum = a + b;
      if (((a ^ sum) & (b ^ sum)) < 0) {
        return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
      }
      return sum;
    }

    private long longKey(int row) {
      long value;
      if (vector instanceof DecimalVector decimal) {
        long low = decimal.getDataBuffer().getLong((long) row * 16);
        long high = decimal.getDataBuffer().getLong((long) row * 16 + 8);
        if (high != (low >> 63)) {
          throw new QuiverException(ErrorCode.USER, "a RANGE frame over decimals of more than 18 digits is not"
              + " supported");
        }
        value = low;
      } else {
        value = NumericReader.longAt((BaseFixedWidthVector) vector, row);
      }
      return descending ? -value : value;
    }

    private double doubleKey(int row) {
      double value = vector instanceof Float8Vector doubles ? doubles.get(row) : ((Float4Vector) vector).get(row);
      return descending ? -value : value;
    }
  }
}
