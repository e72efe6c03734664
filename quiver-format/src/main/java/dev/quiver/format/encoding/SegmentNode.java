package dev.quiver.format.encoding;

/**
 * A node read from a segment, its shape already checked against {@link NodeRules} and its buffers
 * against the segment's size. {@code path} names it in messages, e.g. {@code values.codes}.
 */
final class SegmentNode implements NodeShape {
  final String path;
  final int kind;
  final PhysicalType type;
  final int rows;
  final byte[] metadata;
  final int[] bufferCompressions;
  final long[] bufferLengths;
  final long[] bufferOffsets;
  final SegmentNode[] children;

  SegmentNode(String path, int kind, PhysicalType type, int rows, byte[] metadata, int[] bufferCompressions,
      long[] bufferLengths, SegmentNode[] children) {
    this.path = path;
    this.kind = kind;
    this.type = type;
    this.rows = rows;
    this.metadata = metadata;
    this.bufferCompressions = bufferCompressions;
    this.bufferLengths = bufferLengths;
    this.bufferOffsets = new long[bufferLengths.length];
    this.children = children;
  }

  /** The 8 metadata bytes at {@code offset} as a long. */
  long metadataLong(int offset) {
    return LittleEndian.getLong(metadata, offset);
  }

  /** The 4 metadata bytes at {@code offset} as an unsigned int. */
  long metadataUnsignedInt(int offset) {
    return LittleEndian.getInt(metadata, offset) & 0xFFFFFFFFL;
  }

  /** The {@code width}-byte metadata value at {@code offset}, sign-extended (width 1, 2, 4, 8). */
  long metadataValue(int offset, int width) {
    return LittleEndian.getValue(metadata, offset, width);
  }

  /** The display name: path, encoding and type. */
  String describe() {
    return path + " (" + NodeRules.label(kind) + " " + type.label + ")";
  }

  SegmentNode node(int index) {
    return children[index];
  }

  @Override
  public int kind() {
    return kind;
  }

  @Override
  public PhysicalType type() {
    return type;
  }

  @Override
  public byte[] metadata() {
    return metadata;
  }

  @Override
  public int bufferCount() {
    return bufferLengths.length;
  }

  @Override
  public int bufferCompression(int index) {
    return bufferCompressions[index];
  }

  @Override
  public int childCount() {
    return children.length;
  }

  @Override
  public NodeShape child(int index) {
    return children[index];
  }
}
