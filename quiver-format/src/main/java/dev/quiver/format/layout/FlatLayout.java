package dev.quiver.format.layout;

/**
 * Exactly one segment holding one encoded array.
 *
 * @param segment index into the file's segment table
 * @param uncompressedBytes Arrow bytes of the rows (validity, offsets, data) before encoding
 */
public record FlatLayout(long rowCount, int segment, long uncompressedBytes) implements Layout {
  @Override
  public String kind() {
    return "flat";
  }
}
