package dev.quiver.shuffle.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.testing.BlockSurgery;
import dev.quiver.shuffle.testing.TestTables;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingTables;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowBuffer;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Damaged and lying blocks: a typed CORRUPT exception naming the block and the problem, the same
 * message with a cold and a warm cache, through both entry points, and no leaked memory.
 */
class MalformedBlockTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private static final int ROWS = 100;
  private byte[] good;
  private byte[] stream;
  private long[][] messages;
  private List<ArrowBuffer> layout;

  @BeforeEach
  void writeAGoodBlock() {
    try (VectorSchemaRoot batch = TestTables.cometBenchmarkBatch(memory.allocator(), 5, ROWS);
        ShuffleBlockWriter writer = new ShuffleBlockWriter(batch.getSchema(), CompressionCodec.NONE,
            ShuffleBlockWriter.Options.defaults());
        ArrowRecordBatch unloaded = new VectorUnloader(batch).getRecordBatch()) {
      good = writer.encodeToArray(batch);
      layout = unloaded.getBuffersLayout();
    }
    stream = Arrays.copyOfRange(good, BlockFormat.HEADER_BYTES, good.length);
    messages = BlockSurgery.messages(stream);
    assertThat(messages.length).isEqualTo(3);
  }

  /** Decodes {@code bad} cold and warm through both entry points; returns the one message seen. */
  private String failsTheSameWarmAndCold(byte[] bad) {
    String message = null;
    for (boolean validated : new boolean[] {false, true}) {
      for (boolean warm : new boolean[] {false, true}) {
        BlockDecoder decoder = new BlockDecoder(memory.allocator());
        if (warm) {
          decoder.decode(good, "block 7").close();
          assertThat(decoder.threadCacheSize()).isEqualTo(1);
        }
        QuiverException failure = catchThrowableOfType(QuiverException.class,
            () -> (validated ? decoder.decodeValidated(bad, "block 7") : decoder.decode(bad, "block 7")).close());
        assertThat(failure).as("validated=%s warm=%s", validated, warm).isNotNull();
        assertThat(failure.errorCode()).isEqualTo(ErrorCode.CORRUPT);
        assertThat(failure.getMessage()).startsWith("block 7: ");
        if (message == null) {
          message = failure.getMessage();
        } else {
          assertThat(failure.getMessage()).isEqualTo(message);
        }
        assertThat(decoder.metrics().get("blocks.failed")).isEqualTo(1);
      }
    }
    return message;
  }

  private byte[] withStream(byte[] newStream) {
    return BlockSurgery.block(CompressionCodec.NONE, newStream, 5, false);
  }

  private byte[] part(long[] message) {
    int start = (int) message[0];
    int end = (int) (message[0] + 8 + message[1] + message[2]);
    return Arrays.copyOfRange(stream, start, end);
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void trailingBytesAfterEndOfStreamFail(CompressionCodec codec) {
    byte[] bad = BlockSurgery.block(codec, BlockSurgery.concat(stream, new byte[] {1, 2, 3, 4, 5, 6, 7, 8}), 5, false);
    assertThat(failsTheSameWarmAndCold(bad)).contains("8 bytes after the end-of-stream marker");
  }

  @Test
  void aStreamEndingOnAMessageBoundaryWithoutEndOfStreamDecodes() {
    byte[] noEnd = withStream(Arrays.copyOf(stream, stream.length - 8));
    try (VectorSchemaRoot original = TestTables.cometBenchmarkBatch(memory.allocator(), 5, ROWS)) {
      BlockDecoder decoder = new BlockDecoder(memory.allocator());
      for (int attempt = 0; attempt < 2; attempt++) {
        try (DecodedBatch batch = decoder.decodeValidated(noEnd, "block")) {
          assertThat(TestingTables.differences(original, batch.root())).isNull();
          assertThat(batch.decodedInPlaceFromCache()).isEqualTo(attempt == 1);
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(CompressionCodec.class)
  void aTruncatedBodyFails(CompressionCodec codec) {
    long[] batch = messages[1];
    int cut = (int) (batch[0] + 8 + batch[1] + batch[2] / 2);
    byte[] bad = BlockSurgery.block(codec, Arrays.copyOf(stream, cut), 5, false);
    assertThat(failsTheSameWarmAndCold(bad)).contains("has body length").contains("remain");
  }

  @Test
  void aSecondRecordBatchIsRejected() {
    byte[] twoBatches = BlockSurgery.concat(part(messages[0]), part(messages[1]), part(messages[1]), part(messages[2]));
    assertThat(failsTheSameWarmAndCold(withStream(twoBatches))).contains("a second record batch");
  }

  @Test
  void aLengthBeyondTheDataFails() {
    byte[] bad = good.clone();
    BlockSurgery.putLong(bad, 0, good.length);
    assertThat(failsTheSameWarmAndCold(bad)).contains("length field says " + (good.length + 8));
  }

  @Test
  void aLengthBelowTwelveFails() {
    byte[] bad = good.clone();
    BlockSurgery.putLong(bad, 0, 11);
    assertThat(failsTheSameWarmAndCold(bad)).contains("length field 11 is outside 12..");
  }

  @Test
  void aNegativeLengthFails() {
    byte[] bad = good.clone();
    BlockSurgery.putLong(bad, 0, -20);
    assertThat(failsTheSameWarmAndCold(bad)).contains("length field 18446744073709551596 is outside");
  }

  @Test
  void aWrongFieldCountFails() {
    byte[] bad = good.clone();
    BlockSurgery.putLong(bad, 8, 6);
    assertThat(failsTheSameWarmAndCold(bad)).contains("the header says 6 columns but the schema has 5");
  }

  @Test
  void anUnknownCodecTagFails() {
    byte[] bad = good.clone();
    bad[17] = 'X';
    assertThat(failsTheSameWarmAndCold(bad)).contains("unknown codec tag 4e584e45");
  }

  @Test
  void aBlockCutInsideItsHeaderFails() {
    assertThat(failsTheSameWarmAndCold(Arrays.copyOf(good, 19))).contains("truncated header: 19 bytes");
  }

  @Test
  void bytesAfterTheBlockFail() {
    assertThat(failsTheSameWarmAndCold(Arrays.copyOf(good, good.length + 3))).contains("3 bytes after the block");
  }

  @Test
  void aMetadataLengthBeyondTheBlockFails() {
    byte[] bad = stream.clone();
    BlockSurgery.putInt(bad, (int) messages[1][0] + 4, 1 << 30);
    assertThat(failsTheSameWarmAndCold(withStream(bad))).contains("metadata length 1073741824 but only");
  }

  @Test
  void aNegativeMetadataLengthFails() {
    byte[] bad = stream.clone();
    BlockSurgery.putInt(bad, (int) messages[1][0] + 4, -8);
    assertThat(failsTheSameWarmAndCold(withStream(bad))).contains("metadata length -8");
  }

  @Test
  void aBufferOffsetBeyondTheBodyFails() {
    ArrowBuffer last = layout.get(layout.size() - 1);
    byte[] bad = stream.clone();
    int at = findStruct(bad, last.getOffset(), last.getSize());
    BlockSurgery.putLong(bad, at, 1L << 40);
    assertThat(failsTheSameWarmAndCold(withStream(bad)))
        .contains("buffer " + (layout.size() - 1) + " (offset 1099511627776, length " + last.getSize()
            + ") lies outside the body");
  }

  @Test
  void aNegativeBufferLengthFails() {
    ArrowBuffer last = layout.get(layout.size() - 1);
    byte[] bad = stream.clone();
    BlockSurgery.putLong(bad, findStruct(bad, last.getOffset(), last.getSize()) + 8, -1);
    assertThat(failsTheSameWarmAndCold(withStream(bad))).contains("length -1) lies outside the body");
  }

  @Test
  void aNegativeNodeLengthFails() {
    byte[] bad = stream.clone();
    BlockSurgery.putLong(bad, findStruct(bad, ROWS, 0), -5);
    assertThat(failsTheSameWarmAndCold(withStream(bad))).contains("column column_0 has length -5 and null count 0");
  }

  @Test
  void aNullCountAboveTheLengthFails() {
    byte[] bad = stream.clone();
    BlockSurgery.putLong(bad, findStruct(bad, ROWS, 0) + 8, ROWS + 1);
    assertThat(failsTheSameWarmAndCold(withStream(bad))).contains("has length 100 and null count 101");
  }

  @Test
  void aValuesBufferTooShortForItsRowsFails() {
    ArrowBuffer values = layout.get(1);
    byte[] bad = stream.clone();
    BlockSurgery.putLong(bad, findStruct(bad, values.getOffset(), values.getSize()) + 8, values.getSize() - 8);
    assertThat(failsTheSameWarmAndCold(withStream(bad)))
        .contains("column column_0: values buffer has 792 bytes, 100 rows need 800");
  }

  @Test
  void anEmptyPayloadFails() {
    assertThat(failsTheSameWarmAndCold(withStream(new byte[0]))).contains("the IPC stream is empty");
  }

  @Test
  void aStreamWithoutARecordBatchFails() {
    assertThat(failsTheSameWarmAndCold(withStream(BlockSurgery.concat(part(messages[0]), part(messages[2])))))
        .contains("ends without a record batch");
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = {"LZ4", "ZSTD", "SNAPPY"})
  void garbageAfterTheCompressedFrameFails(CompressionCodec codec) {
    byte[] compressed = BlockSurgery.block(codec, stream, 5, false);
    byte[] bad = Arrays.copyOf(compressed, compressed.length + 5);
    BlockSurgery.putLong(bad, 0, bad.length - 8);
    String message = failsTheSameWarmAndCold(bad);
    if (codec == CompressionCodec.SNAPPY) {
      assertThat(message).contains("snappy").contains("chunk");
    } else {
      assertThat(message).contains("5 bytes after the " + (codec == CompressionCodec.LZ4 ? "LZ4" : "zstd") + " frame");
    }
  }

  @Test
  void invalidUtf8FailsValidationOnly() {
    ArrowBuffer data = layout.get(4);
    byte[] bad = stream.clone();
    int bodyStart = (int) (messages[1][0] + 8 + messages[1][1]);
    bad[bodyStart + (int) data.getOffset() + 3] = (byte) 0xFF;
    byte[] block = withStream(bad);
    for (boolean warm : new boolean[] {false, true}) {
      BlockDecoder decoder = new BlockDecoder(memory.allocator());
      if (warm) {
        decoder.decode(good, "block 7").close();
      }
      QuiverException failure = catchThrowableOfType(QuiverException.class,
          () -> decoder.decodeValidated(block, "block 7").close());
      assertThat(failure).hasMessage("block 7: column column_1: invalid UTF-8 at data byte 3");
      decoder.decode(block, "block 7").close();
    }
  }

  @Test
  void decreasingOffsetsFailValidation() {
    ArrowBuffer offsets = layout.get(3);
    byte[] bad = stream.clone();
    int at = (int) (messages[1][0] + 8 + messages[1][1] + offsets.getOffset());
    ByteBuffer view = ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN);
    view.putInt(at + 4 * 10, view.getInt(at + 4 * 9) - 1);
    BlockDecoder decoder = new BlockDecoder(memory.allocator());
    QuiverException failure = catchThrowableOfType(QuiverException.class,
        () -> decoder.decodeValidated(withStream(bad), "b").close());
    assertThat(failure.getMessage()).contains("column column_1: offset 10").contains("is less than offset 9");
  }

  /** The position of the 16-byte struct (first, second) in the record batch metadata. */
  private int findStruct(byte[] array, long first, long second) {
    byte[] pattern = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(first).putLong(second).array();
    int metadataStart = (int) (messages[1][0] + 8);
    int at = BlockSurgery.indexOf(array, pattern, metadataStart);
    assertThat(at).isBetween(metadataStart, (int) (metadataStart + messages[1][1]));
    return at;
  }
}
