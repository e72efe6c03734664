package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Constant: one value for every row. Fixed-width values sit in the metadata (width bytes, 16 for
 * decimals), booleans as one byte 0 or 1, binary as a u32 length in the metadata and the bytes in
 * one buffer.
 */
final class ConstantEncoding {
  private ConstantEncoding() {}

  /** Encodes a column whose rows all hold the first row's value (or no rows). */
  static EncodedNode encode(Column column) {
    int rows = column.rows();
    int kind = EncodingFormat.ENCODING_CONSTANT;
    if (column instanceof LongColumn longs) {
      byte[] metadata = new byte[longs.type().width];
      LittleEndian.putValue(metadata, 0, metadata.length, rows == 0 ? 0 : longs.values()[0]);
      return EncodedNode.leaf(kind, longs.type(), rows, metadata);
    }
    if (column instanceof DecimalColumn decimals) {
      byte[] metadata = new byte[16];
      if (rows > 0) {
        LittleEndian.putLong(metadata, 0, decimals.low()[0]);
        LittleEndian.putLong(metadata, 8, decimals.high()[0]);
      }
      return EncodedNode.leaf(kind, PhysicalType.DECIMAL128, rows, metadata);
    }
    if (column instanceof BooleanColumn booleans) {
      byte[] metadata = {(byte) (rows > 0 && booleans.get(0) ? 1 : 0)};
      return EncodedNode.leaf(kind, PhysicalType.BOOLEAN, rows, metadata);
    }
    if (column instanceof BinaryColumn binary) {
      byte[] value = rows == 0 ? new byte[0] : binary.value(0);
      byte[] metadata = new byte[4];
      LittleEndian.putInt(metadata, 0, value.length);
      return EncodedNode.leaf(kind, PhysicalType.BINARY, rows, metadata, EncodedBuffer.of(value));
    }
    throw new IllegalArgumentException("constant cannot hold " + column.type().label);
  }

  static void decodeFixed(SegmentNode node, long destination) {
    int width = node.type.width;
    long low = width == 16 ? node.metadataLong(0) : node.metadataValue(0, width);
    long high = width == 16 ? node.metadataLong(8) : 0;
    FixedWidthMemory.fill(destination, node.rows, width, low, high);
  }

  static void decodeBoolean(SegmentNode node, DecodeContext context, long destination) {
    int value = node.metadata[0];
    if (value != 0 && value != 1) {
      throw context.corrupt(node, "boolean constant is " + value + ", not 0 or 1");
    }
    MemoryUtil.setMemory(destination, Bitmaps.bytesFor(node.rows), value == 1 ? (byte) -1 : 0);
  }

  static BinaryBuffers decodeBinary(SegmentNode node, DecodeContext context) {
    long rows = node.rows;
    long length = node.metadataUnsignedInt(0);
    if (length > EncodingFormat.MAXIMUM_DATA_BYTES) {
      throw context.corrupt(node,
          "constant of " + length + " bytes exceeds the limit of " + EncodingFormat.MAXIMUM_DATA_BYTES);
    }
    long total = rows * length;
    if (total > EncodingFormat.MAXIMUM_DATA_BYTES) {
      throw context.corrupt(node,
          rows + " copies of " + length + " bytes exceed the limit of " + EncodingFormat.MAXIMUM_DATA_BYTES);
    }
    ArrowBuf value = context.buffer(node, 0, length);
    BinaryBuffers out = BinaryDecoder.allocate(context, node, rows, total);
    long offsets = out.offsets().memoryAddress();
    for (long i = 0; i <= rows; i++) {
      MemoryUtil.putInt(offsets + 4 * i, (int) (i * length));
    }
    long data = out.data().memoryAddress();
    if (total > 0) {
      MemoryUtil.copyMemory(value.memoryAddress(), data, length);
      long filled = length;
      while (filled < total) {
        long chunk = Math.min(filled, total - filled);
        MemoryUtil.copyMemory(data, data + filled, chunk);
        filled += chunk;
      }
    }
    return out;
  }
}
