package dev.quiver.format.encoding;

/**
 * Delta: metadata i64 start; child {@code deltas} of the node's type. Row i is row i-1 plus delta i
 * (row -1 being start), wrapping at the type's width, so any integers round-trip; sorted ones give
 * small deltas that the child packs tightly. The encoder takes the first value as start.
 */
final class DeltaEncoding {
  private DeltaEncoding() {}

  static EncodedNode encode(LongColumn column, ChildEncoder children) {
    int rows = column.rows();
    int width = column.type().width;
    long[] values = column.values();
    long start = rows == 0 ? 0 : values[0];
    long[] deltas = new long[rows];
    long previous = start;
    for (int i = 0; i < rows; i++) {
      deltas[i] = LittleEndian.truncate(values[i] - previous, width);
      previous = values[i];
    }
    byte[] metadata = new byte[8];
    LittleEndian.putLong(metadata, 0, start);
    return new EncodedNode(EncodingFormat.ENCODING_DELTA, column.type(), rows, metadata, EncodedNode.NO_BUFFERS,
        new EncodedNode[] {children.encode(new LongColumn(column.type(), deltas, rows))});
  }

  static void decode(SegmentNode node, DecodeContext context, long destination) {
    FixedWidthDecoder.decodeInto(node.node(0), context, node.type, node.rows, destination);
    FixedWidthMemory.prefixSum(destination, node.rows, node.type.width, node.metadataLong(0));
  }
}
