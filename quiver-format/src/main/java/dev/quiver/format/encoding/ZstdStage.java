package dev.quiver.format.encoding;

/**
 * The last stage: zstd on buffers where it pays. String data is tried when its node is built (its
 * size steers the choice between encodings); every other buffer of the chosen tree is tried once at
 * the end. Large buffers are first tried on a sample, so incompressible ones (bit-packed codes)
 * cost little.
 */
final class ZstdStage {
  private ZstdStage() {}

  /** Buffers below this size (bytes) are never compressed. */
  static final int MINIMUM_BYTES = 64;
  /** Buffers other than string data below this size are left alone by the final pass. */
  static final int MINIMUM_OTHER_BYTES = 512;
  /** Buffers over this size are sampled before being compressed whole. */
  private static final int SAMPLE_THRESHOLD = 256 * 1024;
  private static final int SAMPLE_PIECES = 4;
  private static final int SAMPLE_PIECE_BYTES = 16 * 1024;

  /** A bytes node with its buffer compressed when that saves enough. */
  static EncodedNode compressBytes(EncodedNode node, EncodingOptions options) {
    EncodedBuffer buffer = node.buffers[0];
    EncodedBuffer compressed = compressIfPays(buffer, MINIMUM_BYTES, options);
    if (compressed != null) {
      node.buffers[0] = compressed;
    }
    return node;
  }

  /**
   * Tries every uncompressed buffer of the tree but string data (already decided) and FSST symbol
   * tables (small, read once per segment, and not worth a frame).
   */
  static void applyToTree(EncodedNode node, EncodingOptions options) {
    if (node.type != PhysicalType.BYTES && node.kind != EncodingFormat.ENCODING_FSST) {
      for (int i = 0; i < node.buffers.length; i++) {
        EncodedBuffer compressed = compressIfPays(node.buffers[i], MINIMUM_OTHER_BYTES, options);
        if (compressed != null) {
          node.buffers[i] = compressed;
        }
      }
    }
    for (EncodedNode child : node.children) {
      applyToTree(child, options);
    }
  }

  /** The node with all its buffers compressed, whether or not it pays (for a forced ZSTD). */
  static EncodedNode force(EncodedNode node, int level) {
    for (int i = 0; i < node.buffers.length; i++) {
      EncodedBuffer buffer = node.buffers[i];
      if (!buffer.compressed()) {
        node.buffers[i] = ZstdCodec.compress(buffer.array(), buffer.offset(), buffer.length(), level);
      }
    }
    return node;
  }

  /** Estimated stored size of {@code column}'s bytes: zstd on a sample when large, on all when small. */
  static double estimateBytes(BytesColumn column, EncodingOptions options) {
    int length = column.length();
    if (length < MINIMUM_BYTES) {
      return length;
    }
    if (length <= SAMPLE_THRESHOLD) {
      EncodedBuffer compressed = compressIfPays(
          new EncodedBuffer(column.data(), column.offset(), length, EncodingFormat.COMPRESSION_NONE), MINIMUM_BYTES,
          options);
      return compressed == null ? length : compressed.length();
    }
    double ratio = sampleRatio(column.data(), column.offset(), length, options.zstdLevel());
    return ratio <= 1 - options.zstdMinimumSavings() ? ratio * length : length;
  }

  private static EncodedBuffer compressIfPays(EncodedBuffer buffer, int minimum, EncodingOptions options) {
    int length = buffer.length();
    if (buffer.compressed() || length < minimum) {
      return null;
    }
    double keep = 1 - options.zstdMinimumSavings();
    if (length > SAMPLE_THRESHOLD && sampleRatio(buffer.array(), buffer.offset(), length, options.zstdLevel()) > keep) {
      return null;
    }
    EncodedBuffer compressed = ZstdCodec.compress(buffer.array(), buffer.offset(), length, options.zstdLevel());
    return compressed.length() <= length * keep ? compressed : null;
  }

  /** Compressed over raw size of a few pieces spread over the bytes. */
  private static double sampleRatio(byte[] data, int offset, int length, int level) {
    byte[] sample = new byte[SAMPLE_PIECES * SAMPLE_PIECE_BYTES];
    for (int piece = 0; piece < SAMPLE_PIECES; piece++) {
      long start = (long) piece * (length - SAMPLE_PIECE_BYTES) / (SAMPLE_PIECES - 1);
      System.arraycopy(data, offset + (int) start, sample, piece * SAMPLE_PIECE_BYTES, SAMPLE_PIECE_BYTES);
    }
    return ZstdCodec.compress(sample, 0, sample.length, level).length() / (double) sample.length;
  }
}
