package dev.quiver.format.encoding;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;

/** Lays encoded trees out as one segment, byte for byte as {@link EncodingFormat} says. */
final class SegmentWriter {
  private SegmentWriter() {}

  static byte[] write(PhysicalType type, int rows, int nullCount, EncodedNode values, EncodedNode validity) {
    int nodes = values.treeNodeCount() + (validity == null ? 0 : validity.treeNodeCount());
    int depth = Math.max(values.treeDepth(), validity == null ? 0 : validity.treeDepth());
    if (nodes > EncodingFormat.MAXIMUM_NODES || depth > EncodingFormat.MAXIMUM_TREE_DEPTH) {
      throw new QuiverException(ErrorCode.INTERNAL,
          "encoding tree of " + nodes + " nodes and depth " + depth + " exceeds the format's limits");
    }
    long treeBytes = values.treeDescriptorBytes() + (validity == null ? 0 : validity.treeDescriptorBytes());
    long bufferStart = EncodedNode.align(EncodingFormat.HEADER_BYTES + treeBytes);
    long total = bufferStart + values.treeBufferBytes() + (validity == null ? 0 : validity.treeBufferBytes());
    if (total > Integer.MAX_VALUE - 64) {
      throw QuiverException
          .user("chunk encodes to " + total + " bytes, more than a segment can hold; encode fewer rows");
    }
    byte[] out = new byte[(int) total];
    out[0] = (byte) EncodingFormat.SEGMENT_VERSION;
    out[1] = (byte) type.id;
    out[2] = (byte) (validity == null ? 0 : EncodingFormat.FLAG_VALIDITY);
    out[3] = 0;
    LittleEndian.putInt(out, 4, rows);
    LittleEndian.putInt(out, 8, nullCount);
    LittleEndian.putInt(out, 12, (int) treeBytes);
    int[] cursor = {EncodingFormat.HEADER_BYTES};
    writeDescriptor(values, out, cursor);
    if (validity != null) {
      writeDescriptor(validity, out, cursor);
    }
    cursor[0] = (int) bufferStart;
    writeBuffers(values, out, cursor);
    if (validity != null) {
      writeBuffers(validity, out, cursor);
    }
    if (cursor[0] != total) {
      throw new QuiverException(ErrorCode.INTERNAL, "segment layout ended at " + cursor[0] + " of " + total + " bytes");
    }
    return out;
  }

  private static void writeDescriptor(EncodedNode node, byte[] out, int[] cursor) {
    int position = cursor[0];
    out[position++] = (byte) node.kind;
    out[position++] = (byte) node.type.id;
    LittleEndian.putInt(out, position, node.rows);
    position += 4;
    out[position++] = (byte) node.metadata.length;
    System.arraycopy(node.metadata, 0, out, position, node.metadata.length);
    position += node.metadata.length;
    out[position++] = (byte) node.buffers.length;
    for (EncodedBuffer buffer : node.buffers) {
      out[position++] = (byte) buffer.compression();
      LittleEndian.putInt(out, position, buffer.length());
      position += 4;
    }
    out[position++] = (byte) node.children.length;
    cursor[0] = position;
    for (EncodedNode child : node.children) {
      writeDescriptor(child, out, cursor);
    }
  }

  private static void writeBuffers(EncodedNode node, byte[] out, int[] cursor) {
    for (EncodedBuffer buffer : node.buffers) {
      System.arraycopy(buffer.array(), buffer.offset(), out, cursor[0], buffer.length());
      cursor[0] = (int) EncodedNode.align(cursor[0] + (long) buffer.length());
    }
    for (EncodedNode child : node.children) {
      writeBuffers(child, out, cursor);
    }
  }
}
