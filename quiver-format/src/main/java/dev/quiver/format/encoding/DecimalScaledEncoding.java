package dev.quiver.format.encoding;

import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Scaled decimals: a decimal128 node whose unscaled values all fit in 64 bits keeps them as child
 * {@code unscaled} (int64), which cascades further (frame of reference, dictionary, ...). The scale
 * is the column's own. Decoding writes the int64 values into the output, then widens them in place
 * from the last row back.
 */
final class DecimalScaledEncoding {
  private DecimalScaledEncoding() {}

  static EncodedNode encode(DecimalColumn column, ChildEncoder children) {
    return EncodedNode.parent(EncodingFormat.ENCODING_DECIMAL_SCALED, PhysicalType.DECIMAL128, column.rows(),
        children.encode(new LongColumn(PhysicalType.INT64, column.low(), column.rows())));
  }

  static void decode(SegmentNode node, DecodeContext context, long destination) {
    long rows = node.rows;
    FixedWidthDecoder.decodeInto(node.node(0), context, PhysicalType.INT64, rows, destination);
    for (long i = rows - 1; i >= 0; i--) {
      long value = MemoryUtil.getLong(destination + 8 * i);
      MemoryUtil.putLong(destination + 16 * i + 8, value >> 63);
      MemoryUtil.putLong(destination + 16 * i, value);
    }
  }
}
