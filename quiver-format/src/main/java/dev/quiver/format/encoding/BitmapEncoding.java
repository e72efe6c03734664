package dev.quiver.format.encoding;

/** Bitmap: booleans (values or validity) as Arrow lays them out, one buffer of ceil(rows / 8) bytes. */
final class BitmapEncoding {
  private BitmapEncoding() {}

  static EncodedNode encode(BooleanColumn column) {
    return EncodedNode.leaf(EncodingFormat.ENCODING_BITMAP, PhysicalType.BOOLEAN, column.rows(),
        EncodedNode.NO_METADATA, EncodedBuffer.of(column.toBitmapBytes()));
  }
}
