package dev.quiver.shuffle.block;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.ipc.IpcFormat;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Pins the constants of the block format: changing one breaks compatibility with Comet. */
class BlockFormatConstantsTest {
  @Test
  void headerLayoutNeverChanges() {
    assertThat(BlockFormat.HEADER_BYTES).isEqualTo(20);
    assertThat(BlockFormat.LENGTH_OFFSET).isEqualTo(0);
    assertThat(BlockFormat.FIELD_COUNT_OFFSET).isEqualTo(8);
    assertThat(BlockFormat.CODEC_TAG_OFFSET).isEqualTo(16);
    assertThat(BlockFormat.LENGTH_FIELD_BYTES).isEqualTo(8);
    assertThat(BlockFormat.MIN_LENGTH).isEqualTo(12);
    assertThat(BlockFormat.MAX_LENGTH).isEqualTo((1L << 31) - 1);
    assertThat(BlockFormat.OFFSETS_AS_LENGTHS_FLAG).isEqualTo(0x80);
    assertThat(BlockFormat.CODEC_TAG_FIRST_BYTE_MASK).isEqualTo(0x7F);
    assertThat(IpcFormat.CONTINUATION).isEqualTo(0xFFFFFFFF);
    assertThat(IpcFormat.MESSAGE_PREFIX_BYTES).isEqualTo(8);
    assertThat(IpcFormat.END_OF_STREAM_BYTES).isEqualTo(8);
  }

  @Test
  void codecTagsAreTheirAsciiBytesLittleEndian() {
    assertThat(tagBytes(CompressionCodec.NONE)).isEqualTo("NONE");
    assertThat(tagBytes(CompressionCodec.LZ4)).isEqualTo("LZ4_");
    assertThat(tagBytes(CompressionCodec.ZSTD)).isEqualTo("ZSTD");
    assertThat(tagBytes(CompressionCodec.SNAPPY)).isEqualTo("SNAP");
    assertThat(CompressionCodec.ZSTD.tag() | BlockFormat.OFFSETS_AS_LENGTHS_FLAG).isEqualTo(0x445453DA);
    for (CompressionCodec codec : CompressionCodec.values()) {
      assertThat(CompressionCodec.fromTag(codec.tag())).isEqualTo(codec);
      assertThat(CompressionCodec.parse(codec.displayName())).isEqualTo(codec);
    }
    assertThat(CompressionCodec.fromTag(0)).isNull();
  }

  private static String tagBytes(CompressionCodec codec) {
    int tag = codec.tag();
    byte[] bytes = {(byte) tag, (byte) (tag >>> 8), (byte) (tag >>> 16), (byte) (tag >>> 24)};
    return new String(bytes, StandardCharsets.US_ASCII);
  }
}
