package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Takes booleans (values or validity) of a node at ascending positions into a bitmap, by its
 * encoding: bitmap (bits read at each position), constant, run-end (the run of each position, then
 * the run values taken) and sparse (fill, then the patches at the taken rows) without decoding the
 * node.
 */
final class BooleanTake {
  private BooleanTake() {}

  /**
   * Writes the booleans of {@code node} (which must hold {@code rows} of them) at {@code
   * positions[0, count)} (non-decreasing, below rows) as bits {@code [0, count)} of the bitmap at
   * {@code destination}, whose other bits of its last byte become 0.
   */
  static void take(SegmentNode node, DecodeContext context, long rows, int[] positions, int count,
      long destination) {
    context.expect(node, PhysicalType.BOOLEAN, rows);
    MemoryUtil.setMemory(destination, Bitmaps.bytesFor(count), (byte) 0);
    switch (node.kind) {
      case EncodingFormat.ENCODING_BITMAP: {
        ArrowBuf bits = context.buffer(node, 0, Bitmaps.bytesFor(rows));
        gather(bits.memoryAddress(), positions, count, destination);
        context.release(bits);
        break;
      }
      case EncodingFormat.ENCODING_CONSTANT: {
        int value = node.metadata[0];
        if (value != 0 && value != 1) {
          throw context.corrupt(node, "boolean constant is " + value + ", not 0 or 1");
        }
        Bitmaps.setRange(destination, 0, count, value == 1);
        break;
      }
      case EncodingFormat.ENCODING_RUN_END: {
        int runCount = node.node(0).rows;
        ArrowBuf ends = FixedWidthDecoder.decodeTemporary(node.node(0), context, PhysicalType.INT32, runCount);
        int[] runs = TakeDecoder.runsOf(node, context, ends.memoryAddress(), runCount, positions, count);
        context.release(ends);
        take(node.node(1), context, runCount, runs, count, destination);
        break;
      }
      case EncodingFormat.ENCODING_SPARSE:
        sparse(node, context, positions, count, destination);
        break;
      default: {
        ArrowBuf decoded = BooleanDecoder.decodeTemporary(node, context, rows);
        gather(decoded.memoryAddress(), positions, count, destination);
        context.release(decoded);
        break;
      }
    }
  }

  private static void sparse(SegmentNode node, DecodeContext context, int[] positions, int count, long destination) {
    int fill = node.metadata[0];
    if (fill != 0 && fill != 1) {
      throw context.corrupt(node, "boolean fill is " + fill + ", not 0 or 1");
    }
    Bitmaps.setRange(destination, 0, count, fill == 1);
    int patchCount = node.node(0).rows;
    ArrowBuf patchPositions = Patches.positions(node, node.node(0), context);
    int[] hits = TakeDecoder.patchHits(patchPositions.memoryAddress(), patchCount, positions, count);
    context.release(patchPositions);
    ArrowBuf values = BooleanDecoder.decodeTemporary(node.node(1), context, patchCount);
    for (int i = 0; i < count; i++) {
      if (hits[i] >= 0) {
        Bitmaps.set(destination, i, Bitmaps.get(values.memoryAddress(), hits[i]));
      }
    }
    context.release(values);
  }

  /** Sets bit i of {@code destination} (zeroed) to bit {@code positions[i]} of {@code source}. */
  private static void gather(long source, int[] positions, int count, long destination) {
    for (int i = 0; i < count; i++) {
      if (Bitmaps.get(source, positions[i])) {
        MemoryUtil.putByte(destination + (i >>> 3),
            (byte) (MemoryUtil.getByte(destination + (i >>> 3)) | (1 << (i & 7))));
      }
    }
  }
}
