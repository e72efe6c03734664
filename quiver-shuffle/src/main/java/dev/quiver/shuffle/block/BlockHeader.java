package dev.quiver.shuffle.block;

import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.codec.CompressionCodec;
import org.apache.arrow.memory.ArrowBuf;

/**
 * The 20-byte header of a shuffle block.
 *
 * @param length the length field: total block bytes minus 8
 * @param fieldCount the number of top-level columns the block says it holds
 * @param codec the payload's codec
 * @param offsetsAsLengths whether bit 7 of byte 16 is set
 */
public record BlockHeader(long length, long fieldCount, CompressionCodec codec, boolean offsetsAsLengths) {

  /** Total bytes of the block, header included. */
  public long blockBytes() {
    return length + BlockFormat.LENGTH_FIELD_BYTES;
  }

  /** Bytes of the (compressed) payload after the header. */
  public long payloadBytes() {
    return length - (BlockFormat.HEADER_BYTES - BlockFormat.LENGTH_FIELD_BYTES);
  }

  /**
   * Reads and checks the header of the block at {@code offset}, of which {@code available} bytes
   * (header included) are present in {@code buffer}.
   *
   * @throws QuiverException CORRUPT, naming {@code blockName}, when a field is impossible or the
   *     block extends past the available bytes
   */
  public static BlockHeader read(ArrowBuf buffer, long offset, long available, String blockName) {
    if (available < BlockFormat.HEADER_BYTES) {
      throw QuiverException.corrupt(
          blockName + ": truncated header: " + available + " bytes, a block header has "
              + BlockFormat.HEADER_BYTES);
    }
    long length = buffer.getLong(offset + BlockFormat.LENGTH_OFFSET);
    if (length < BlockFormat.MIN_LENGTH || length > BlockFormat.MAX_LENGTH) {
      throw QuiverException.corrupt(
          blockName + ": length field " + Long.toUnsignedString(length) + " is outside "
              + BlockFormat.MIN_LENGTH + ".." + BlockFormat.MAX_LENGTH);
    }
    if (length + BlockFormat.LENGTH_FIELD_BYTES > available) {
      throw QuiverException.corrupt(
          blockName + ": length field says " + (length + BlockFormat.LENGTH_FIELD_BYTES)
              + " block bytes but only " + available + " are present");
    }
    long fieldCount = buffer.getLong(offset + BlockFormat.FIELD_COUNT_OFFSET);
    if (fieldCount < 0 || fieldCount > Integer.MAX_VALUE) {
      throw QuiverException.corrupt(
          blockName + ": field count " + Long.toUnsignedString(fieldCount) + " is impossible");
    }
    int rawTag = buffer.getInt(offset + BlockFormat.CODEC_TAG_OFFSET);
    boolean flag = (rawTag & BlockFormat.OFFSETS_AS_LENGTHS_FLAG) != 0;
    int maskedTag = rawTag & ~BlockFormat.OFFSETS_AS_LENGTHS_FLAG;
    CompressionCodec codec = CompressionCodec.fromTag(maskedTag);
    if (codec == null) {
      throw QuiverException.corrupt(blockName + ": unknown codec tag " + describeTag(rawTag));
    }
    return new BlockHeader(length, fieldCount, codec, flag);
  }

  private static String describeTag(int rawTag) {
    StringBuilder hex = new StringBuilder();
    for (int i = 0; i < 4; i++) {
      hex.append(String.format("%02x", (rawTag >>> (8 * i)) & 0xFF));
    }
    return hex.toString();
  }
}
