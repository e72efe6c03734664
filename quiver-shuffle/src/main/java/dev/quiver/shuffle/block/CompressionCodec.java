package dev.quiver.shuffle.block;

import dev.quiver.common.QuiverException;
import java.util.Locale;

/** The codecs a shuffle block payload may be compressed with, and their tags on the wire. */
public enum CompressionCodec {
  /** Raw IPC stream. */
  NONE("NONE", BlockFormat.TAG_NONE),
  /** LZ4 frame format, independent blocks, no checksums (Comet's default). */
  LZ4("LZ4_", BlockFormat.TAG_LZ4),
  /** One zstd frame. */
  ZSTD("ZSTD", BlockFormat.TAG_ZSTD),
  /** Snappy framing format. */
  SNAPPY("SNAP", BlockFormat.TAG_SNAPPY);

  private final String tagText;
  private final int tag;

  CompressionCodec(String tagText, int tag) {
    this.tagText = tagText;
    this.tag = tag;
  }

  /** The four ASCII characters of the tag, as written at byte 16. */
  public String tagText() {
    return tagText;
  }

  /** The tag as a little-endian int, without the offsets-as-lengths flag. */
  public int tag() {
    return tag;
  }

  /** The codec of a tag already masked with {@link BlockFormat#CODEC_TAG_FIRST_BYTE_MASK}, or null. */
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
