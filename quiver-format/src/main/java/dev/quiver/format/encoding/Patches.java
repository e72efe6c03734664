package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Patches: the {@code positions} (int32, strictly increasing, below the node's rows) and {@code
 * values} children that sparse and frame-of-reference nodes overwrite rows with.
 */
final class Patches {
  private Patches() {}

  /** Decodes and checks the positions child of {@code owner}; valid until the decode ends. */
  static ArrowBuf positions(SegmentNode owner, SegmentNode positionsNode, DecodeContext context) {
    int count = positionsNode.rows;
    ArrowBuf positions = FixedWidthDecoder.decodeTemporary(positionsNode, context, PhysicalType.INT32, count);
    long address = positions.memoryAddress();
    long previous = -1;
    for (long k = 0; k < count; k++) {
      int position = MemoryUtil.getInt(address + 4 * k);
      if (position <= previous || position >= owner.rows) {
        throw context.corrupt(owner, "patch " + k + " is at row " + position + ", after row " + previous
            + " and below " + owner.rows + " expected");
      }
      previous = position;
    }
    return positions;
  }

  /** Overwrites the fixed-width rows at {@code destination} with the patches of {@code owner}. */
  static void applyFixed(SegmentNode owner, SegmentNode positionsNode, SegmentNode valuesNode, DecodeContext context,
      long destination) {
    int count = positionsNode.rows;
    int width = owner.type.width;
    ArrowBuf positionBuffer = positions(owner, positionsNode, context);
    ArrowBuf valueBuffer = FixedWidthDecoder.decodeTemporary(valuesNode, context, owner.type, count);
    long positions = positionBuffer.memoryAddress();
    long values = valueBuffer.memoryAddress();
    for (long k = 0; k < count; k++) {
      long position = MemoryUtil.getInt(positions + 4 * k);
      FixedWidthMemory.copyValue(values + k * width, destination + position * width, width);
    }
    context.release(positionBuffer);
    context.release(valueBuffer);
  }
}
