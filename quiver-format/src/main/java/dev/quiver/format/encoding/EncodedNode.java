package dev.quiver.format.encoding;

/**
 * A node the encoder built, before it is written: encoding id, type, rows, metadata, buffers and
 * children. Buffers may be swapped for compressed ones by {@link ZstdStage}; nothing else changes.
 */
final class EncodedNode implements NodeShape {
  static final byte[] NO_METADATA = new byte[0];
  static final EncodedBuffer[] NO_BUFFERS = new EncodedBuffer[0];
  static final EncodedNode[] NO_CHILDREN = new EncodedNode[0];
  /** Bytes a sampled estimate charges per buffer for alignment padding. */
  private static final int PADDING_ESTIMATE = 4;

  final int kind;
  final PhysicalType type;
  final int rows;
  final byte[] metadata;
  final EncodedBuffer[] buffers;
  final EncodedNode[] children;

  EncodedNode(int kind, PhysicalType type, int rows, byte[] metadata, EncodedBuffer[] buffers, EncodedNode[] children) {
    this.kind = kind;
    this.type = type;
    this.rows = rows;
    this.metadata = metadata;
    this.buffers = buffers;
    this.children = children;
  }

  /** A node without children. */
  static EncodedNode leaf(int kind, PhysicalType type, int rows, byte[] metadata, EncodedBuffer... buffers) {
    return new EncodedNode(kind, type, rows, metadata, buffers, NO_CHILDREN);
  }

  /** A node without metadata or buffers. */
  static EncodedNode parent(int kind, PhysicalType type, int rows, EncodedNode... children) {
    return new EncodedNode(kind, type, rows, NO_METADATA, NO_BUFFERS, children);
  }

  /** Bytes of this node's own descriptor in the tree. */
  int descriptorBytes() {
    return 6 + 1 + metadata.length + 1 + 5 * buffers.length + 1;
  }

  long treeDescriptorBytes() {
    long total = descriptorBytes();
    for (EncodedNode child : children) {
      total += child.treeDescriptorBytes();
    }
    return total;
  }

  /** Buffer bytes of the subtree including alignment padding, as written. */
  long treeBufferBytes() {
    long total = 0;
    for (EncodedBuffer buffer : buffers) {
      total += align(buffer.length());
    }
    for (EncodedNode child : children) {
      total += child.treeBufferBytes();
    }
    return total;
  }

  int treeNodeCount() {
    int count = 1;
    for (EncodedNode child : children) {
      count += child.treeNodeCount();
    }
    return count;
  }

  int treeDepth() {
    int deepest = 0;
    for (EncodedNode child : children) {
      deepest = Math.max(deepest, child.treeDepth());
    }
    return deepest + 1;
  }

  /**
   * The estimated size of this subtree when it was built from a sample and the whole column has
   * {@code scale} times the rows: descriptors and padding as they are, buffer bytes scaled.
   */
  double estimatedBytes(double scale) {
    double total = descriptorBytes();
    for (EncodedBuffer buffer : buffers) {
      total += buffer.length() * scale + PADDING_ESTIMATE;
    }
    for (EncodedNode child : children) {
      total += child.estimatedBytes(scale);
    }
    return total;
  }

  static long align(long bytes) {
    return (bytes + EncodingFormat.ALIGNMENT - 1) & -EncodingFormat.ALIGNMENT;
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
    return buffers.length;
  }

  @Override
  public int bufferCompression(int index) {
    return buffers[index].compression();
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
