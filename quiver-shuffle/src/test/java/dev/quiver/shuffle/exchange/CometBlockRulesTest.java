package dev.quiver.shuffle.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdInputStream;
import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.block.ShuffleBlockWriter;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.partition.Partitioning;
import dev.quiver.shuffle.testing.ShuffleFiles;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingMixedRows;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jpountz.lz4.LZ4FrameInputStream;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.xerial.snappy.SnappyFramedInputStream;

/**
 * Every block of a Quiver data file obeys Comet 1.2.0's decoder rules, checked with the codec
 * libraries' own decoders and Arrow Java's reader (not Quiver's decoder), in the conventions of the
 * Comet test vectors: blocks back to back covering the file exactly, every index offset on a block
 * boundary; a block is the 20-byte header (length &ge; 12, field count = columns, a known tag, the
 * flag bit only with offsets-as-lengths) and one compressed payload with nothing after the frame (an
 * LZ4 frame with its end mark, no checksums; exactly one zstd frame; snappy framing); the payload is
 * an IPC stream of exactly one schema message, one record batch and the end-of-stream marker, with
 * nothing trailing; and it decodes to the rows that were written.
 */
class CometBlockRulesTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @ParameterizedTest(name = "{0}, offsets as lengths {1}")
  @CsvSource({"LZ4, false", "ZSTD, false", "ZSTD, true", "SNAPPY, false", "NONE, false"})
  void everyBlockFollowsCometsDecoderRules(CompressionCodec codec, boolean offsetsAsLengths) throws IOException {
    int partitions = 6;
    TestingMixedRows rows = new TestingMixedRows(5);
    MapOutput output = MapOutput.named(directory, "rules", false, partitions);
    ShuffleWriterOptions options = ShuffleWriterOptions.defaults().withCodec(codec).withTargetBatchRows(700)
        .withBlockOptions(ShuffleBlockWriter.Options.defaults().withOffsetsAsLengths(offsetsAsLengths))
        .withMemoryLimit(512 << 10);
    try (ShuffleWriter writer = ShuffleWriter.create(output, TestingMixedRows.schema(),
        Partitioning.hash(partitions, "k_string").newPartitioner(TestingMixedRows.schema(), 0), options,
        memory.allocator())) {
      for (int first = 0; first < 20_000; first += 3000) {
        try (VectorSchemaRoot batch = rows.batch(first, Math.min(3000, 20_000 - first), memory.allocator())) {
          writer.write(batch);
        }
      }
      writer.commit();
      assertThat(writer.metrics().get("spills")).as("spilled blocks are checked too").isPositive();
    }
    byte[] file = Files.readAllBytes(output.dataFile());
    long[] index = ShuffleFiles.longs(output.indexFile());
    List<Long> boundaries = new ArrayList<>();
    long rowsSeen = 0;
    int position = 0;
    while (position < file.length) {
      boundaries.add((long) position);
      ByteBuffer header = ByteBuffer.wrap(file, position, file.length - position).slice()
          .order(ByteOrder.LITTLE_ENDIAN);
      assertThat(file.length - position).isGreaterThanOrEqualTo(20);
      long length = header.getLong(0);
      assertThat(length).isBetween(12L, (long) Integer.MAX_VALUE);
      assertThat(position + 8 + length).as("block inside the file").isLessThanOrEqualTo(file.length);
      assertThat(header.getLong(8)).as("field count").isEqualTo(TestingMixedRows.schema().getFields().size());
      int tag = header.getInt(16);
      assertThat((tag & 0x80) != 0).as("offsets-as-lengths flag").isEqualTo(offsetsAsLengths);
      assertThat(tag & ~0x80).as("codec tag").isEqualTo(codec.tag());
      byte[] payload = Arrays.copyOfRange(file, position + 20, (int) (position + 8 + length));
      byte[] stream = decompressWithTheLibrary(codec, payload);
      checkOneBatchStream(stream);
      rowsSeen += checkValues(stream, offsetsAsLengths,
          Arrays.copyOfRange(file, position, (int) (position + 8 + length)), rows);
      position += (int) (8 + length);
    }
    assertThat(position).as("blocks cover the file exactly").isEqualTo(file.length);
    boundaries.add((long) file.length);
    for (long offset : index) {
      assertThat(boundaries).as("index offset %d is a block boundary", offset).contains(offset);
    }
    assertThat(rowsSeen).isEqualTo(20_000);
  }

  private static byte[] decompressWithTheLibrary(CompressionCodec codec, byte[] payload) throws IOException {
    switch (codec) {
      case NONE:
        return payload;
      case LZ4:
        checkLz4Frame(payload);
        return readAll(new LZ4FrameInputStream(new ByteArrayInputStream(payload)));
      case ZSTD:
        assertThat(Zstd.findFrameCompressedSize(payload)).as("one zstd frame, nothing after it")
            .isEqualTo(payload.length);
        return readAll(new ZstdInputStream(new ByteArrayInputStream(payload)));
      default:
        assertThat(Arrays.copyOf(payload, 10)).as("snappy stream identifier")
            .isEqualTo(new byte[] {(byte) 0xFF, 6, 0, 0, 's', 'N', 'a', 'P', 'p', 'Y'});
        return readAll(new SnappyFramedInputStream(new ByteArrayInputStream(payload)));
    }
  }

  private static byte[] readAll(InputStream in) throws IOException {
    try (in) {
      return in.readAllBytes();
    }
  }

  /** The frame Comet's decoder wants: magic, independent blocks, no checksums, the end mark as the last 4 bytes. */
  private static void checkLz4Frame(byte[] payload) {
    ByteBuffer frame = ByteBuffer.wrap(payload).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(frame.getInt()).as("LZ4 frame magic").isEqualTo(0x184D2204);
    int flags = frame.get() & 0xFF;
    assertThat(flags & 0xC0).as("version 01").isEqualTo(0x40);
    assertThat(flags & 0x20).as("independent blocks").isEqualTo(0x20);
    assertThat(flags & 0x1D).as("no block checksum, content size, content checksum or dictionary").isZero();
    frame.get();
    frame.get();
    while (true) {
      int size = frame.getInt();
      if (size == 0) {
        break;
      }
      frame.position(frame.position() + (size & 0x7FFFFFFF));
    }
    assertThat(frame.remaining()).as("bytes after the LZ4 end mark").isZero();
  }

  /** Exactly: schema message, one record batch, end-of-stream, nothing after. */
  private static void checkOneBatchStream(byte[] stream) {
    ByteBuffer in = ByteBuffer.wrap(stream).order(ByteOrder.LITTLE_ENDIAN);
    List<Byte> kinds = new ArrayList<>();
    while (true) {
      assertThat(in.getInt()).as("continuation marker").isEqualTo(0xFFFFFFFF);
      int metadataLength = in.getInt();
      if (metadataLength == 0) {
        break;
      }
      ByteBuffer metadata = ByteBuffer.wrap(stream, in.position(), metadataLength).slice()
          .order(ByteOrder.LITTLE_ENDIAN);
      Message message = Message.getRootAsMessage(metadata);
      kinds.add(message.headerType());
      in.position(in.position() + metadataLength + (int) message.bodyLength());
    }
    assertThat(kinds).containsExactly(MessageHeader.Schema, MessageHeader.RecordBatch);
    assertThat(in.remaining()).as("bytes after end-of-stream").isZero();
  }

  /** Decodes the stream with Arrow Java's reader (Quiver's decoder for offsets-as-lengths) and checks every value. */
  private long checkValues(byte[] stream, boolean offsetsAsLengths, byte[] block, TestingMixedRows rows)
      throws IOException {
    if (offsetsAsLengths) {
      try (DecodedBatch batch = new BlockDecoder(memory.allocator()).decodeValidated(block, "block")) {
        return checkRows(batch.root(), rows);
      }
    }
    try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(stream), memory.allocator())) {
      assertThat(reader.loadNextBatch()).isTrue();
      long count = checkRows(reader.getVectorSchemaRoot(), rows);
      assertThat(reader.loadNextBatch()).as("a second batch").isFalse();
      return count;
    }
  }

  private static long checkRows(VectorSchemaRoot root, TestingMixedRows rows) {
    assertThat(root.getRowCount()).isPositive();
    for (int r = 0; r < root.getRowCount(); r++) {
      String difference = rows.difference(root, r);
      if (difference != null) {
        assertThat(difference).isNull();
      }
    }
    return root.getRowCount();
  }
}
