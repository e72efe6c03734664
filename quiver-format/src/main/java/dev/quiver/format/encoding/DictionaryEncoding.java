package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Dictionary: children {@code values} (the distinct values, ascending, of the node's type) and
 * {@code codes} (int32, one per row, each below the number of values). Decoding gathers values by
 * code straight into the output; every code is checked in the same loop.
 */
final class DictionaryEncoding {
  private DictionaryEncoding() {}

  static EncodedNode encode(Column column, Dictionary dictionary, ChildEncoder children) {
    return EncodedNode.parent(EncodingFormat.ENCODING_DICTIONARY, column.type(), column.rows(),
        children.encode(dictionary.values()), children.encode(dictionary.codesColumn()));
  }

  static void decodeFixed(SegmentNode node, DecodeContext context, long destination) {
    SegmentNode valuesNode = node.node(0);
    int size = valuesNode.rows;
    ArrowBuf values = FixedWidthDecoder.decodeTemporary(valuesNode, context, node.type, size);
    ArrowBuf codes = FixedWidthDecoder.decodeTemporary(node.node(1), context, PhysicalType.INT32, node.rows);
    long bad = FixedWidthMemory.gather(values.memoryAddress(), size, codes.memoryAddress(), node.rows, node.type.width,
        destination);
    if (bad >= 0) {
      throw outside(node, context, codes.getInt(4 * bad), bad, size);
    }
    context.release(values);
    context.release(codes);
  }

  static BinaryBuffers decodeBinary(SegmentNode node, DecodeContext context) {
    SegmentNode valuesNode = node.node(0);
    int size = valuesNode.rows;
    long rows = node.rows;
    try (BinaryBuffers values = BinaryDecoder.decode(valuesNode, context, size)) {
      ArrowBuf codeBuffer = FixedWidthDecoder.decodeTemporary(node.node(1), context, PhysicalType.INT32, rows);
      long codes = codeBuffer.memoryAddress();
      long valueOffsets = values.offsets().memoryAddress();
      long valueData = values.data().memoryAddress();
      long total = 0;
      for (long i = 0; i < rows; i++) {
        int code = MemoryUtil.getInt(codes + 4 * i);
        if (Integer.compareUnsigned(code, size) >= 0) {
          throw outside(node, context, code, i, size);
        }
        total += MemoryUtil.getInt(valueOffsets + 4L * code + 4) - MemoryUtil.getInt(valueOffsets + 4L * code);
      }
      BinaryBuffers out = BinaryDecoder.allocate(context, node, rows, total);
      try {
        long offsets = out.offsets().memoryAddress();
        long data = out.data().memoryAddress();
        int position = 0;
        MemoryUtil.putInt(offsets, 0);
        for (long i = 0; i < rows; i++) {
          int code = MemoryUtil.getInt(codes + 4 * i);
          int start = MemoryUtil.getInt(valueOffsets + 4L * code);
          int length = MemoryUtil.getInt(valueOffsets + 4L * code + 4) - start;
          BinaryDecoder.copyBytes(valueData + start, data + position, length);
          position += length;
          MemoryUtil.putInt(offsets + 4 * i + 4, position);
        }
        context.release(codeBuffer);
        return out;
      } catch (RuntimeException failure) {
        out.close();
        throw failure;
      }
    }
  }

  /** The CORRUPT error of a dictionary code at {@code row} outside the {@code size} values. */
  static RuntimeException outside(SegmentNode node, DecodeContext context, int code, long row, int size) {
    return context.corrupt(node, "code " + Integer.toUnsignedString(code) + " at row " + row
        + " is outside the dictionary of " + size + " values");
  }
}
