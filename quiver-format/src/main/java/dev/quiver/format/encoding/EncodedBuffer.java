package dev.quiver.format.encoding;

/** One buffer of an encoded node: {@code array[offset, offset + length)}, stored with {@code compression}. */
record EncodedBuffer(byte[] array, int offset, int length, int compression) {
  static EncodedBuffer of(byte[] bytes) {
    return new EncodedBuffer(bytes, 0, bytes.length, EncodingFormat.COMPRESSION_NONE);
  }

  boolean compressed() {
    return compression != EncodingFormat.COMPRESSION_NONE;
  }
}
