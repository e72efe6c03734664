package dev.quiver.shuffle.block;

/**
 * The shuffle block format, byte for byte compatible with Apache DataFusion Comet 1.2.0. These
 * constants are the format; {@code BlockFormatConstantsTest} pins them, so a change here breaks a
 * test before it breaks a cluster. Full spec: {@code ../shared/specs/comet-shuffle-block.md}, and our
 * notes in {@code docs/SHUFFLE.md}.
 *
 * <pre>
 * offset  width  field
 *      0  u64 LE length      = block bytes - 8; 12 &lt;= length &lt;= 2^31-1
 *      8  u64 LE fieldCount  = number of top-level columns (0 allowed)
 *     16  4      codec tag   = "NONE" | "LZ4_" | "ZSTD" | "SNAP"; bit 7 of byte 16 = offsets-as-lengths
 *     20  length-12 payload  = one Arrow IPC stream (schema, dictionaries, one record batch, end of
 *                               stream), compressed as a whole by the codec
 * </pre>
 *
 * Blocks sit back to back with nothing between them. The IPC stream uses continuation markers
 * ({@code FF FF FF FF}, int32 metadata length, flatbuffer) and ends with {@code FF FF FF FF 00 00 00 00},
 * whose absence a reader accepts when the stream ends on a message boundary. The codec tags are
 * {@link dev.quiver.shuffle.codec.CompressionCodec}'s; the IPC framing constants are
 * {@link dev.quiver.shuffle.ipc.IpcFormat}'s.
 */
public final class BlockFormat {
  private BlockFormat() {}

  /** Bytes before the payload: length, field count, codec tag. */
  public static final int HEADER_BYTES = 20;
  /** Offset of the u64 length field. */
  public static final int LENGTH_OFFSET = 0;
  /** Offset of the u64 field-count field. */
  public static final int FIELD_COUNT_OFFSET = 8;
  /** Offset of the 4-byte codec tag. */
  public static final int CODEC_TAG_OFFSET = 16;
  /** Bytes of the block counted by the length field's own width (the length field itself). */
  public static final int LENGTH_FIELD_BYTES = 8;
  /** The smallest legal length: field count plus codec tag, empty payload. */
  public static final long MIN_LENGTH = 12;
  /** The largest legal length. */
  public static final long MAX_LENGTH = Integer.MAX_VALUE;
  /** Bit 7 of byte 16: offsets buffers are stored as byte-planed lengths. */
  public static final int OFFSETS_AS_LENGTHS_FLAG = 0x80;
  /** Mask for byte 16 before comparing the codec tag. */
  public static final int CODEC_TAG_FIRST_BYTE_MASK = 0x7F;
}
