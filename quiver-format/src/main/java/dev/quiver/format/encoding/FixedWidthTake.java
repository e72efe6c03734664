package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Takes fixed-width values (integers, floats, decimals) of a node at ascending positions, by its
 * encoding: plain, frame of reference (bit-packed offsets read at each position, patches merged),
 * constant, dictionary (codes taken, then values gathered), run-end (the run of each position found
 * by a merge walk, then the run values taken), sparse and scaled decimals without decoding the node;
 * delta and the float encodings decode the node whole and gather. A zstd-compressed buffer is
 * decompressed whole, then read at the positions.
 */
final class FixedWidthTake {
  private FixedWidthTake() {}

  /**
   * Writes the values of {@code node} (which must hold {@code rows} values of {@code type}) at
   * {@code positions[0, count)} (non-decreasing, below rows) to {@code destination}.
   */
  static void take(SegmentNode node, DecodeContext context, PhysicalType type, long rows, int[] positions,
      int count, long destination) {
    context.expect(node, type, rows);
    int width = type.width;
    switch (node.kind) {
      case EncodingFormat.ENCODING_PLAIN: {
        ArrowBuf values = context.buffer(node, 0, rows * width);
        gather(values.memoryAddress(), width, positions, count, destination);
        context.release(values);
        break;
      }
      case EncodingFormat.ENCODING_CONSTANT: {
        long low = width == 16 ? node.metadataLong(0) : node.metadataValue(0, width);
        long high = width == 16 ? node.metadataLong(8) : 0;
        FixedWidthMemory.fill(destination, count, width, low, high);
        break;
      }
      case EncodingFormat.ENCODING_FRAME_OF_REFERENCE:
        frameOfReference(node, context, positions, count, destination);
        break;
      case EncodingFormat.ENCODING_DICTIONARY:
        dictionary(node, context, positions, count, destination);
        break;
      case EncodingFormat.ENCODING_RUN_END: {
        int runCount = node.node(0).rows;
        ArrowBuf ends = FixedWidthDecoder.decodeTemporary(node.node(0), context, PhysicalType.INT32, runCount);
        int[] runs = TakeDecoder.runsOf(node, context, ends.memoryAddress(), runCount, positions, count);
        context.release(ends);
        take(node.node(1), context, type, runCount, runs, count, destination);
        break;
      }
      case EncodingFormat.ENCODING_SPARSE:
        FixedWidthMemory.fill(destination, count, width, width == 16 ? node.metadataLong(0)
            : node.metadataValue(0, width), width == 16 ? node.metadataLong(8) : 0);
        patch(node, context, positions, count, destination);
        break;
      case EncodingFormat.ENCODING_DECIMAL_SCALED:
        take(node.node(0), context, PhysicalType.INT64, rows, positions, count, destination);
        for (long i = count - 1L; i >= 0; i--) {
          long value = MemoryUtil.getLong(destination + 8 * i);
          MemoryUtil.putLong(destination + 16 * i + 8, value >> 63);
          MemoryUtil.putLong(destination + 16 * i, value);
        }
        break;
      default: {
        ArrowBuf decoded = FixedWidthDecoder.decodeTemporary(node, context, type, rows);
        gather(decoded.memoryAddress(), width, positions, count, destination);
        context.release(decoded);
        break;
      }
    }
  }

  private static void frameOfReference(SegmentNode node, DecodeContext context, int[] positions, int count,
      long destination) {
    long base = node.metadataLong(0);
    int bitWidth = node.metadata[8] & 0xFF; // the parser proved it fits the type
    int width = node.type.width;
    ArrowBuf packed = context.buffer(node, 0, BitPacking.packedBytes(node.rows, bitWidth));
    long source = packed.memoryAddress();
    switch (width) {
      case 1:
        for (int i = 0; i < count; i++) {
          MemoryUtil.putByte(destination + i, (byte) (base + BitPacking.get(source, bitWidth, positions[i])));
        }
        break;
      case 2:
        for (int i = 0; i < count; i++) {
          MemoryUtil.putShort(destination + 2L * i, (short) (base + BitPacking.get(source, bitWidth, positions[i])));
        }
        break;
      case 4:
        for (int i = 0; i < count; i++) {
          MemoryUtil.putInt(destination + 4L * i, (int) (base + BitPacking.get(source, bitWidth, positions[i])));
        }
        break;
      default:
        for (int i = 0; i < count; i++) {
          MemoryUtil.putLong(destination + 8L * i, base + BitPacking.get(source, bitWidth, positions[i]));
        }
        break;
    }
    context.release(packed);
    if (node.children.length == 2) {
      patch(node, context, positions, count, destination);
    }
  }

  /** Overwrites the taken rows that {@code owner}'s patches children (positions, values) replace. */
  private static void patch(SegmentNode owner, DecodeContext context, int[] positions, int count, long destination) {
    SegmentNode positionsNode = owner.node(0);
    int patchCount = positionsNode.rows;
    int width = owner.type.width;
    ArrowBuf patchPositions = Patches.positions(owner, positionsNode, context);
    int[] hits = TakeDecoder.patchHits(patchPositions.memoryAddress(), patchCount, positions, count);
    context.release(patchPositions);
    int[] wanted = new int[count];
    int[] rowsOfWanted = new int[count];
    int found = 0;
    for (int i = 0; i < count; i++) {
      if (hits[i] >= 0) {
        wanted[found] = hits[i];
        rowsOfWanted[found++] = i;
      }
    }
    if (found == 0) {
      context.expect(owner.node(1), owner.type, patchCount);
      return;
    }
    ArrowBuf values = context.allocateTemporary((long) found * width);
    take(owner.node(1), context, owner.type, patchCount, wanted, found, values.memoryAddress());
    for (int k = 0; k < found; k++) {
      FixedWidthMemory.copyValue(values.memoryAddress() + (long) k * width,
          destination + (long) rowsOfWanted[k] * width, width);
    }
    context.release(values);
  }

  private static void dictionary(SegmentNode node, DecodeContext context, int[] positions, int count,
      long destination) {
    SegmentNode valuesNode = node.node(0);
    int size = valuesNode.rows;
    ArrowBuf codes = context.allocateTemporary(4L * count);
    take(node.node(1), context, PhysicalType.INT32, node.rows, positions, count, codes.memoryAddress());
    ArrowBuf values = FixedWidthDecoder.decodeTemporary(valuesNode, context, node.type, size);
    long bad = FixedWidthMemory.gather(values.memoryAddress(), size, codes.memoryAddress(), count, node.type.width,
        destination);
    if (bad >= 0) {
      throw context.corrupt(node, "code " + Integer.toUnsignedString(codes.getInt(4 * bad)) + " at row "
          + positions[(int) bad] + " is outside the dictionary of " + size + " values");
    }
    context.release(values);
    context.release(codes);
  }

  /** {@code destination[i] = source[positions[i]]} for values of {@code width} bytes. */
  static void gather(long source, int width, int[] positions, int count, long destination) {
    switch (width) {
      case 1:
        for (int i = 0; i < count; i++) {
          MemoryUtil.putByte(destination + i, MemoryUtil.getByte(source + positions[i]));
        }
        break;
      case 2:
        for (int i = 0; i < count; i++) {
          MemoryUtil.putShort(destination + 2L * i, MemoryUtil.getShort(source + 2L * positions[i]));
        }
        break;
      case 4:
        for (int i = 0; i < count; i++) {
          MemoryUtil.putInt(destination + 4L * i, MemoryUtil.getInt(source + 4L * positions[i]));
        }
        break;
      case 8:
        for (int i = 0; i < count; i++) {
          MemoryUtil.putLong(destination + 8L * i, MemoryUtil.getLong(source + 8L * positions[i]));
        }
        break;
      case 16:
        for (int i = 0; i < count; i++) {
          MemoryUtil.putLong(destination + 16L * i, MemoryUtil.getLong(source + 16L * positions[i]));
          MemoryUtil.putLong(destination + 16L * i + 8, MemoryUtil.getLong(source + 16L * positions[i] + 8));
        }
        break;
      default:
        throw new IllegalArgumentException("width " + width);
    }
  }
}
