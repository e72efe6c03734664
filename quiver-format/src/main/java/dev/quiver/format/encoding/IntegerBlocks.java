package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * The values of an integer node read block by block into a {@code long[]}, exactly as decoding would
 * produce them: a frame-of-reference node straight from its packed stream (patches applied), any other
 * node from one decode into a temporary buffer (a slice of the segment when plain). Never an Arrow
 * vector; the buffers live until the decode context closes.
 */
abstract class IntegerBlocks {
  /** Rows per block that callers read at a time. */
  static final int BLOCK = 1024;

  final int rows;

  private IntegerBlocks(int rows) {
    this.rows = rows;
  }

  /** Reads rows {@code [first, first + count)} into {@code out[0, count)}. */
  abstract void read(int first, int count, long[] out);

  /**
   * Reads dictionary codes of rows {@code [first, first + count)} into {@code out[0, count)}, each
   * checked to lie in {@code [0, size)}: CORRUPT naming {@code dictionary} (the dict node) otherwise.
   */
  final void readCodes(int first, int count, long[] out, int size, SegmentNode dictionary, DecodeContext context) {
    read(first, count, out);
    for (int j = 0; j < count; j++) {
      if (out[j] < 0 || out[j] >= size) {
        throw DictionaryEncoding.outside(dictionary, context, (int) out[j], first + j, size);
      }
    }
  }

  /** All the values, for small children (dictionary values, run values, patches). */
  long[] readAll() {
    long[] all = new long[rows];
    long[] block = new long[Math.min(BLOCK, rows)];
    for (int first = 0; first < rows; first += BLOCK) {
      int count = Math.min(BLOCK, rows - first);
      read(first, count, block);
      System.arraycopy(block, 0, all, first, count);
    }
    return all;
  }

  /** The blocks of {@code node}, which must hold {@code rows} values of integer type {@code type}. */
  static IntegerBlocks open(SegmentNode node, DecodeContext context, PhysicalType type, int rows) {
    context.expect(node, type, rows);
    if (node.kind == EncodingFormat.ENCODING_FRAME_OF_REFERENCE) {
      return new FrameOfReference(node, context);
    }
    ArrowBuf values = FixedWidthDecoder.decodeTemporary(node, context, type, rows);
    return new Memory(values.memoryAddress(), type.width, rows);
  }

  /** Values already laid out in memory, {@code width} bytes each. */
  private static final class Memory extends IntegerBlocks {
    private final long address;
    private final int width;

    Memory(long address, int width, int rows) {
      super(rows);
      this.address = address;
      this.width = width;
    }

    @Override
    void read(int first, int count, long[] out) {
      long at = address + (long) first * width;
      switch (width) {
        case 1 -> {
          for (int j = 0; j < count; j++) {
            out[j] = MemoryUtil.getByte(at + j);
          }
        }
        case 2 -> {
          for (int j = 0; j < count; j++) {
            out[j] = MemoryUtil.getShort(at + 2L * j);
          }
        }
        case 4 -> {
          for (int j = 0; j < count; j++) {
            out[j] = MemoryUtil.getInt(at + 4L * j);
          }
        }
        default -> {
          for (int j = 0; j < count; j++) {
            out[j] = MemoryUtil.getLong(at + 8L * j);
          }
        }
      }
    }
  }

  /** A frame-of-reference node unpacked per block: base plus packed offset, truncated to the type, then patches. */
  private static final class FrameOfReference extends IntegerBlocks {
    private final long packed;
    private final int bitWidth;
    private final long base;
    private final int width;
    private final long patchPositions;
    private final long[] patchValues;

    FrameOfReference(SegmentNode node, DecodeContext context) {
      super(node.rows);
      base = node.metadataLong(0);
      bitWidth = node.metadata[8] & 0xFF;
      width = node.type.width;
      packed = context.buffer(node, 0, BitPacking.packedBytes(node.rows, bitWidth)).memoryAddress();
      if (node.children.length == 2) {
        patchPositions = Patches.positions(node, node.node(0), context).memoryAddress();
        patchValues = open(node.node(1), context, node.type, node.node(0).rows).readAll();
      } else {
        patchPositions = 0;
        patchValues = new long[0];
      }
    }

    @Override
    void read(int first, int count, long[] out) {
      BitPacking.unpack(packed, bitWidth, first, count, out);
      for (int j = 0; j < count; j++) {
        out[j] = LittleEndian.truncate(base + out[j], width);
      }
      int end = first + count;
      for (int k = firstPatchAtOrAfter(first); k < patchValues.length; k++) {
        int position = MemoryUtil.getInt(patchPositions + 4L * k);
        if (position >= end) {
          break;
        }
        out[position - first] = patchValues[k];
      }
    }

    /** The index of the first patch at a row at or after {@code row} (positions are strictly increasing). */
    private int firstPatchAtOrAfter(int row) {
      int low = 0;
      int high = patchValues.length;
      while (low < high) {
        int middle = (low + high) >>> 1;
        if (MemoryUtil.getInt(patchPositions + 4L * middle) < row) {
          low = middle + 1;
        } else {
          high = middle;
        }
      }
      return low;
    }
  }
}
