package dev.quiver.format.encoding;

import dev.quiver.common.QuiverException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Takes rows of a parsed segment by position into a new vector without decoding the rest where the
 * encodings allow it (late materialization): validity bits first (the take's nulls counted from
 * them), then the values by {@link FixedWidthTake}, {@link BooleanTake} or {@link BinaryTake}, each
 * node read at the positions it needs and a node without random access decoded whole and gathered.
 *
 * <p>Positions are checked before anything is read: non-decreasing, each below the segment's rows.
 * Row {@code i} of the result is row {@code positions[i]} of the segment.
 */
final class TakeDecoder {
  private TakeDecoder() {}

  /**
   * Checks {@code positions[0, count)} against a segment of {@code rows} rows.
   *
   * @throws QuiverException USER when count exceeds the array, a position is outside the segment, or
   *     positions decrease
   */
  static void checkPositions(int[] positions, int count, int rows, String name) {
    if (count < 0 || count > positions.length) {
      throw QuiverException.user(name + ": " + count + " rows asked of an array of " + positions.length
          + " positions");
    }
    int previous = 0;
    for (int i = 0; i < count; i++) {
      int position = positions[i];
      if (position < 0 || position >= rows) {
        throw QuiverException.user(name + ": position " + position + " (index " + i
            + ") is outside the segment of " + rows + " rows");
      }
      if (position < previous) {
        throw QuiverException.user(name + ": position " + position + " (index " + i + ") comes after "
            + previous + "; positions must be ascending");
      }
      previous = position;
    }
  }

  /** The rows at {@code positions[0, count)} of {@code parsed} as a new vector of {@code field}, owned by the caller. */
  static FieldVector take(SegmentParser.ParsedSegment parsed, Field field, int[] positions, int count,
      DecodeContext context) {
    checkPositions(positions, count, parsed.rows(), context.name);
    int rows = parsed.rows();
    ArrowBuf validity = null;
    ArrowBuf[] buffers = null;
    try {
      int nulls = 0;
      if (parsed.validity() != null) {
        validity = context.allocateOwned(Bitmaps.bytesFor(count));
        BooleanTake.take(parsed.validity(), context, rows, positions, count, validity.memoryAddress());
        nulls = count - (int) Bitmaps.countSetBits(validity.memoryAddress(), count);
      }
      switch (parsed.type()) {
        case BOOLEAN: {
          ArrowBuf bits = context.allocateOwned(Bitmaps.bytesFor(count));
          buffers = new ArrowBuf[] {bits};
          BooleanTake.take(parsed.values(), context, rows, positions, count, bits.memoryAddress());
          break;
        }
        case BINARY: {
          BinaryBuffers binary = BinaryTake.take(parsed.values(), context, rows, positions, count);
          buffers = new ArrowBuf[] {binary.offsets(), binary.data()};
          break;
        }
        default: {
          ArrowBuf values = context.allocateOwned((long) count * parsed.type().width);
          buffers = new ArrowBuf[] {values};
          FixedWidthTake.take(parsed.values(), context, parsed.type(), rows, positions, count,
              values.memoryAddress());
          break;
        }
      }
      return SegmentDecoder.load(field, context, count, nulls, validity, buffers);
    } finally {
      SegmentDecoder.close(validity, buffers);
    }
  }

  /**
   * The run of each position: {@code runs[i]} is the run covering row {@code positions[i]}, runs being
   * ends (int32 at {@code ends}, {@code runCount} of them), which this checks as the decode does:
   * strictly increasing, the last equal to the node's rows.
   */
  static int[] runsOf(SegmentNode node, DecodeContext context, long ends, int runCount, int[] positions, int count) {
    long previous = 0;
    for (long r = 0; r < runCount; r++) {
      long end = MemoryUtil.getInt(ends + 4 * r);
      if (end <= previous || end > node.rows) {
        throw context.corrupt(node, "run " + r + " ends at row " + end + ", not after " + previous + " and within "
            + node.rows);
      }
      previous = end;
    }
    if (previous != node.rows) {
      throw context.corrupt(node, "runs end at row " + previous + ", not at " + node.rows);
    }
    int[] runs = new int[count];
    int run = 0;
    for (int i = 0; i < count; i++) {
      while (MemoryUtil.getInt(ends + 4L * run) <= positions[i]) {
        run++;
      }
      runs[i] = run;
    }
    return runs;
  }

  /**
   * Merges taken positions with a patch list (int32 at {@code patches}, strictly increasing):
   * {@code hits[i]} is the patch at {@code positions[i]}, or -1 when that row is not patched.
   */
  static int[] patchHits(long patches, int patchCount, int[] positions, int count) {
    int[] hits = new int[count];
    int k = 0;
    for (int i = 0; i < count; i++) {
      int position = positions[i];
      while (k < patchCount && MemoryUtil.getInt(patches + 4L * k) < position) {
        k++;
      }
      hits[i] = k < patchCount && MemoryUtil.getInt(patches + 4L * k) == position ? k : -1;
    }
    return hits;
  }
}
