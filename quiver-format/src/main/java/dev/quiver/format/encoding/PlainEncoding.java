package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Plain: fixed-width values as Arrow holds them (one buffer of rows x width bytes); binary as two
 * children, int32 lengths and the concatenated bytes; bytes as one buffer. The fallback for every
 * type but booleans (see {@link BitmapEncoding}), and the layout zstd compresses.
 */
final class PlainEncoding {
  private PlainEncoding() {}

  static EncodedNode encode(Column column, ChildEncoder children) {
    if (column instanceof LongColumn longs) {
      return encodeLongs(longs);
    }
    if (column instanceof DecimalColumn decimals) {
      return encodeDecimals(decimals);
    }
    if (column instanceof BinaryColumn binary) {
      return EncodedNode.parent(EncodingFormat.ENCODING_PLAIN, PhysicalType.BINARY, binary.rows(),
          children.encode(binary.lengths()), children.encode(binary.bytes()));
    }
    if (column instanceof BytesColumn bytes) {
      return encodeBytes(bytes);
    }
    throw new IllegalArgumentException("plain cannot hold " + column.type().label);
  }

  static EncodedNode encodeLongs(LongColumn column) {
    int width = column.type().width;
    int rows = column.rows();
    long[] values = column.values();
    byte[] out = new byte[rows * width];
    for (int i = 0; i < rows; i++) {
      LittleEndian.putValue(out, i * width, width, values[i]);
    }
    return EncodedNode.leaf(EncodingFormat.ENCODING_PLAIN, column.type(), rows, EncodedNode.NO_METADATA,
        EncodedBuffer.of(out));
  }

  static EncodedNode encodeDecimals(DecimalColumn column) {
    int rows = column.rows();
    byte[] out = new byte[rows * 16];
    for (int i = 0; i < rows; i++) {
      LittleEndian.putLong(out, 16 * i, column.low()[i]);
      LittleEndian.putLong(out, 16 * i + 8, column.high()[i]);
    }
    return EncodedNode.leaf(EncodingFormat.ENCODING_PLAIN, PhysicalType.DECIMAL128, rows, EncodedNode.NO_METADATA,
        EncodedBuffer.of(out));
  }

  static EncodedNode encodeBytes(BytesColumn column) {
    return EncodedNode.leaf(EncodingFormat.ENCODING_PLAIN, PhysicalType.BYTES, column.length(), EncodedNode.NO_METADATA,
        new EncodedBuffer(column.data(), column.offset(), column.length(), EncodingFormat.COMPRESSION_NONE));
  }

  static void decodeFixed(SegmentNode node, DecodeContext context, long destination) {
    context.copyBuffer(node, 0, (long) node.rows * node.type.width, destination);
  }

  static BinaryBuffers decodeBinary(SegmentNode node, DecodeContext context) {
    int rows = node.rows;
    ArrowBuf offsets = context.allocateOwned((rows + 1L) * 4);
    try {
      long total = BinaryDecoder.lengthsToOffsets(node.node(0), context, rows, offsets.memoryAddress());
      if (total > EncodingFormat.MAXIMUM_DATA_BYTES) {
        throw context.corrupt(node, "lengths add up to " + total + " bytes, more than the limit of "
            + EncodingFormat.MAXIMUM_DATA_BYTES);
      }
      ArrowBuf data = BinaryDecoder.decodeBytesOwned(node.node(1), context, total);
      return new BinaryBuffers(offsets, data);
    } catch (RuntimeException failure) {
      offsets.close();
      throw failure;
    }
  }
}
