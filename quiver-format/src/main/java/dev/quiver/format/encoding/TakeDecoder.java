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
   * Whether a take from {@code parsed} reads only what its rows need, with no work proportional to the whole
   * segment: fixed-width or boolean values (not binary, whose take reads every offset), no compressed buffer
   * on the path of the rows (zstd is decompressed whole), and only encodings read at positions (plain,
   * constant, frame of reference, dictionary codes, run-end, sparse, scaled decimals; children the size of a
   * dictionary, of patches or of runs may be read whole). Delta and the float encodings decode whole.
   */
  static boolean randomAccess(SegmentParser.ParsedSegment parsed) {
    if (parsed.type() == PhysicalType.BINARY) {
      return false;
    }
    return randomAccess(parsed.values()) && (parsed.validity() == null || randomAccess(parsed.validity()));
  }

  private static boolean randomAccess(SegmentNode node) {
    for (int compression : node.bufferCompressions) {
      if (compression != EncodingFormat.COMPRESSION_NONE) {
        return false;
      }
    }
    switch (node.kind) {
      case EncodingFormat.ENCODING_PLAIN:
      case EncodingFormat.ENCODING_CONSTANT:
      case EncodingFormat.ENCODING_BITMAP:
      case EncodingFormat.ENCODING_FRAME_OF_REFERENCE:
      case EncodingFormat.ENCODING_RUN_END:
      case EncodingFormat.ENCODING_SPARSE:
        return true;
      case EncodingFormat.ENCODING_DECIMAL_SCALED:
        return randomAccess(node.node(0));
      case EncodingFormat.ENCODING_DICTIONARY:
        return randomAccess(node.node(1));
      default:
        return false;
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
