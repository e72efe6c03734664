package dev.quiver.shuffle.codec;

import dev.quiver.common.QuiverException;
import java.util.Locale;

/**
 * The codecs a shuffle block payload may be compressed with, and their tags on the wire: the four
 * ASCII bytes of the tag read as a little-endian int (byte 16 of a block, whose bit 7 the block
 * format uses for a flag of its own; see {@code dev.quiver.shuffle.block.BlockFormat}).
 */
public enum CompressionCodec {
  /** Raw IPC stream. */
  NONE("NONE"),
  /** LZ4 frame format, independent blocks, no checksums (Comet's default). */
  LZ4("LZ4_"),
  /** One zstd frame. */
  ZSTD("ZSTD"),
  /** Snappy framing format. */
  SNAPPY("SNAP");

  private final String tagText;
  private final int tag;

  CompressionCodec(String tagText) {
    this.tagText = tagText;
    this.tag = littleEndianInt(tagText);
  }

  /** The little-endian int of four ASCII characters. */
  private static int littleEndianInt(String fourCharacters) {
    if (fourCharacters.length() != 4) {
      throw new IllegalArgumentException("a codec tag has 4 characters: " + fourCharacters);
    }
    int value = 0;
    for (int i = 3; i >= 0; i--) {
      value = (value << 8) | (fourCharacters.charAt(i) & 0xFF);
    }
    return value;
  }

  /** The four ASCII characters of the tag, as written at byte 16. */
  public String tagText() {
    return tagText;
  }

  /** The tag as a little-endian int, without the offsets-as-lengths flag. */
  public int tag() {
    return tag;
  }

  /** The codec of a tag whose flag bit (bit 7 of its first byte) is already cleared, or null. */
  public static CompressionCodec fromTag(int maskedTag) {
    for (CompressionCodec codec : values()) {
      if (codec.tag == maskedTag) {
        return codec;
      }
    }
    return null;
  }

  /** Parses a user's codec name: none, lz4, zstd, snappy (any case). */
  public static CompressionCodec parse(String name) {
    switch (name.toLowerCase(Locale.ROOT)) {
      case "none":
        return NONE;
      case "lz4":
        return LZ4;
      case "zstd":
        return ZSTD;
      case "snappy":
        return SNAPPY;
      default:
        throw QuiverException.user("unknown codec '" + name + "': use none, lz4, zstd or snappy");
    }
  }

  /** The user-facing name: none, lz4, zstd, snappy. */
  public String displayName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
