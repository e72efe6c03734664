package dev.quiver.format.encoding;

import dev.quiver.common.QuiverException;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Reads a segment's header and trees and places its buffers, checking everything that needs no
 * decoding: versions, ids, shapes, row counts against the limits and each other, and every buffer
 * inside the segment, which must end exactly after the last one.
 */
final class SegmentParser {
  private SegmentParser() {}

  /** A parsed segment; {@code validity} is null when no row is null. */
  record ParsedSegment(PhysicalType type, int rows, int nullCount, SegmentNode values, SegmentNode validity) {}

  static ParsedSegment parse(ArrowBuf segment, String name) {
    long size = segment.capacity();
    if (size < EncodingFormat.HEADER_BYTES) {
      throw corrupt(name,
          "segment of " + size + " bytes is shorter than its " + EncodingFormat.HEADER_BYTES + "-byte header");
    }
    int version = segment.getByte(0) & 0xFF;
    if (version != EncodingFormat.SEGMENT_VERSION) {
      throw corrupt(name, "segment version " + version + " is not supported (this reader knows version "
          + EncodingFormat.SEGMENT_VERSION + ")");
    }
    int typeId = segment.getByte(1) & 0xFF;
    PhysicalType type = PhysicalType.fromId(typeId);
    if (type == null || type == PhysicalType.BYTES) {
      throw corrupt(name, "segment has column type id " + typeId + ", which is not a column type");
    }
    int flags = segment.getByte(2) & 0xFF;
    if ((flags & ~EncodingFormat.FLAG_VALIDITY) != 0 || segment.getByte(3) != 0) {
      throw corrupt(name, "segment header has unknown flags " + flags + " or a non-zero reserved byte");
    }
    long rows = segment.getInt(4) & 0xFFFFFFFFL;
    long nulls = segment.getInt(8) & 0xFFFFFFFFL;
    long treeLength = segment.getInt(12) & 0xFFFFFFFFL;
    if (rows > EncodingFormat.MAXIMUM_ROWS) {
      throw corrupt(name,
          "segment says it has " + rows + " rows, more than the limit of " + EncodingFormat.MAXIMUM_ROWS);
    }
    if (nulls > rows) {
      throw corrupt(name, "segment says " + nulls + " of its " + rows + " rows are null");
    }
    boolean hasValidity = (flags & EncodingFormat.FLAG_VALIDITY) != 0;
    if (hasValidity != (nulls > 0)) {
      throw corrupt(name, "segment has " + nulls + " nulls but " + (hasValidity ? "a" : "no") + " validity tree");
    }
    if (treeLength > size - EncodingFormat.HEADER_BYTES) {
      throw corrupt(name, "encoding tree of " + treeLength + " bytes runs past the segment's " + size + " bytes");
    }
    byte[] tree = new byte[(int) treeLength];
    segment.getBytes(EncodingFormat.HEADER_BYTES, tree, 0, tree.length);
    TreeReader reader = new TreeReader(tree, name);
    SegmentNode values = reader.node("values", 1);
    SegmentNode validity = hasValidity ? reader.node("validity", 1) : null;
    if (reader.position != tree.length) {
      throw corrupt(name, "encoding tree has " + (tree.length - reader.position) + " bytes after its last node");
    }
    if (values.type != type || values.rows != rows) {
      throw corrupt(name, "values tree holds " + values.rows + " " + values.type.label + " rows; the segment has "
          + rows + " " + type.label + " rows");
    }
    if (validity != null && (validity.type != PhysicalType.BOOLEAN || validity.rows != rows)) {
      throw corrupt(name, "validity tree holds " + validity.rows + " " + validity.type.label + " rows; it needs "
          + rows + " bool rows");
    }
    long treeEnd = EncodingFormat.HEADER_BYTES + treeLength;
    long[] cursor = {EncodedNode.align(treeEnd)};
    checkPadding(segment, treeEnd, cursor[0], name);
    place(segment, values, cursor, name);
    if (validity != null) {
      place(segment, validity, cursor, name);
    }
    if (cursor[0] != size) {
      throw corrupt(name, "segment has " + size + " bytes but its buffers end at byte " + cursor[0]);
    }
    return new ParsedSegment(type, (int) rows, (int) nulls, values, validity);
  }

  private static void place(ArrowBuf segment, SegmentNode node, long[] cursor, String name) {
    long size = segment.capacity();
    for (int i = 0; i < node.bufferLengths.length; i++) {
      long offset = cursor[0];
      long length = node.bufferLengths[i];
      if (offset > size || length > size - offset) {
        throw corrupt(name, node.describe() + ": buffer " + i + " of " + length + " bytes at byte " + offset
            + " runs past the segment's " + size + " bytes");
      }
      node.bufferOffsets[i] = offset;
      cursor[0] = EncodedNode.align(offset + length);
      checkPadding(segment, offset + length, cursor[0], name);
    }
    for (SegmentNode child : node.children) {
      place(segment, child, cursor, name);
    }
  }

  /** The alignment padding {@code [from, to)} (at most 7 bytes) must be zeros, as written. */
  private static void checkPadding(ArrowBuf segment, long from, long to, String name) {
    long end = Math.min(to, segment.capacity());
    for (long at = from; at < end; at++) {
      if (segment.getByte(at) != 0) {
        throw corrupt(name, "padding byte " + at + " is not zero");
      }
    }
  }

  static QuiverException corrupt(String name, String problem) {
    return new SegmentCorruptException(name, problem, null);
  }

  /** Reads node descriptors from the tree bytes, bounds-checked. */
  private static final class TreeReader {
    private final byte[] tree;
    private final String name;
    private int position;
    private int nodes;

    TreeReader(byte[] tree, String name) {
      this.tree = tree;
      this.name = name;
    }

    SegmentNode node(String path, int depth) {
      if (depth > EncodingFormat.MAXIMUM_TREE_DEPTH) {
        throw corrupt(name, path + ": encoding tree is deeper than " + EncodingFormat.MAXIMUM_TREE_DEPTH + " levels");
      }
      if (++nodes > EncodingFormat.MAXIMUM_NODES) {
        throw corrupt(name, "encoding tree has more than " + EncodingFormat.MAXIMUM_NODES + " nodes");
      }
      int kind = unsignedByte(path);
      int typeId = unsignedByte(path);
      long rows = unsignedInt(path);
      String label = NodeRules.label(kind);
      if (label == null) {
        String reserved = "";
        throw corrupt(name, path + ": encoding id " + kind + reserved + " is not known to this reader");
      }
      PhysicalType type = PhysicalType.fromId(typeId);
      if (type == null) {
        throw corrupt(name, path + ": type id " + typeId + " is not known to this reader");
      }
      if (!NodeRules.accepts(kind, type)) {
        throw corrupt(name, path + ": encoding " + label + " cannot hold " + type.label + " values");
      }
      long rowLimit = type == PhysicalType.BYTES ? EncodingFormat.MAXIMUM_DATA_BYTES : EncodingFormat.MAXIMUM_ROWS;
      if (rows > rowLimit) {
        throw corrupt(name, path + ": " + rows + " rows exceed the limit of " + rowLimit);
      }
      String where = path + " (" + label + " " + type.label + ")";
      int metadataLength = unsignedByte(path);
      int expectedMetadata = NodeRules.metadataBytes(kind, type);
      if (metadataLength != expectedMetadata) {
        throw corrupt(name, where + ": " + metadataLength + " metadata bytes; it has " + expectedMetadata);
      }
      need(metadataLength, path);
      byte[] metadata = java.util.Arrays.copyOfRange(tree, position, position + metadataLength);
      position += metadataLength;
      if (kind == EncodingFormat.ENCODING_FRAME_OF_REFERENCE && (metadata[8] & 0xFF) > 8 * type.width) {
        throw corrupt(name, where + ": bit width " + (metadata[8] & 0xFF) + " exceeds the " + 8 * type.width
            + " bits of its type");
      }
      int bufferCount = unsignedByte(path);
      int expectedBuffers = NodeRules.bufferCount(kind, type);
      if (bufferCount != expectedBuffers) {
        throw corrupt(name, where + ": " + bufferCount + " buffers; it has " + expectedBuffers);
      }
      int[] compressions = new int[bufferCount];
      long[] lengths = new long[bufferCount];
      for (int i = 0; i < bufferCount; i++) {
        compressions[i] = unsignedByte(path);
        if (compressions[i] != EncodingFormat.COMPRESSION_NONE && compressions[i] != EncodingFormat.COMPRESSION_ZSTD) {
          throw corrupt(name, where + ": buffer " + i + " has unknown compression id " + compressions[i]);
        }
        lengths[i] = unsignedInt(path);
      }
      int childCount = unsignedByte(path);
      if (!NodeRules.allowsChildCount(kind, type, childCount)) {
        throw corrupt(name, where + ": " + childCount + " children is not a shape this encoding has");
      }
      SegmentNode[] children = new SegmentNode[childCount];
      int[] childRows = new int[childCount];
      for (int i = 0; i < childCount; i++) {
        children[i] = node(path + "." + NodeRules.childRole(kind, i), depth + 1);
        PhysicalType expected = NodeRules.childType(kind, type, i);
        if (children[i].type != expected) {
          throw corrupt(name, children[i].describe() + ": holds " + children[i].type.label + " values; "
              + expected.label + " expected");
        }
        childRows[i] = children[i].rows;
      }
      String rowProblem = NodeRules.rowProblem(kind, (int) rows, childRows);
      if (rowProblem != null) {
        throw corrupt(name, where + ": " + rowProblem);
      }
      return new SegmentNode(path, kind, type, (int) rows, metadata, compressions, lengths, children);
    }

    private void need(int bytes, String path) {
      if (bytes > tree.length - position) {
        throw corrupt(name, path + ": node descriptor runs past the end of the encoding tree");
      }
    }

    private int unsignedByte(String path) {
      need(1, path);
      return tree[position++] & 0xFF;
    }

    private long unsignedInt(String path) {
      need(4, path);
      long value = LittleEndian.getInt(tree, position) & 0xFFFFFFFFL;
      position += 4;
      return value;
    }
  }
}
