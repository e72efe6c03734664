package dev.quiver.format.encoding;

/** What the encoding tree printer needs of a node, written ({@link EncodedNode}) or read ({@link SegmentNode}). */
interface NodeShape {
  int kind();

  PhysicalType type();

  byte[] metadata();

  int bufferCount();

  int bufferCompression(int index);

  int childCount();

  NodeShape child(int index);
}
