package dev.quiver.shuffle.codec;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import dev.quiver.testing.TestingAllocator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Random;
import net.jpountz.lz4.LZ4FrameInputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.xerial.snappy.SnappyFramedInputStream;
import org.xerial.snappy.SnappyFramedOutputStream;

/**
 * Our frame codecs against the libraries' own stream codecs, both ways: what we write, their
 * decoders read; what their encoders write (other block sizes, streaming zstd frames without a
 * content size, stored chunks), we read. Sizes cross every block boundary that matters.
 */
class PayloadCodecsTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  private static final int[] SIZES = {0, 1, 100, 65_535, 65_536, 65_537, 300_000, 4 * 1024 * 1024 + 3};

  private static byte[] data(int size, long seed) {
    Random random = new Random(seed);
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      // half compressible text, half noise, so both stored and compressed blocks occur
      bytes[i] = (i / 4096) % 2 == 0 ? (byte) ('a' + (i % 7)) : (byte) random.nextInt();
    }
    return bytes;
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = {"LZ4", "ZSTD", "SNAPPY"})
  void oursDecodeTheirsAndTheirsDecodeOurs(CompressionCodec codec) throws IOException {
    for (int size : SIZES) {
      long seed = size * 31L + codec.ordinal();
      byte[] original = data(size, seed);
      byte[] theirs = theirCompress(codec, original);
      assertThat(ourDecompress(codec, theirs)).as("%s size %d seed %d: ours reading theirs", codec, size, seed)
          .isEqualTo(original);
      GrowableBytes ours = new GrowableBytes(16);
      try (var zstd = ZstdFrame.newCompressContext(3)) {
        PayloadCodecs.compress(codec, zstd, original, 0, original.length, ours);
      }
      byte[] oursBytes = java.util.Arrays.copyOf(ours.array(), ours.size());
      assertThat(theirDecompress(codec, oursBytes)).as("%s size %d: theirs reading ours", codec, size)
          .isEqualTo(original);
      assertThat(ourDecompress(codec, oursBytes)).as("%s size %d: ours reading ours", codec, size).isEqualTo(original);
    }
  }

  private byte[] ourDecompress(CompressionCodec codec, byte[] compressed) {
    try (ArrowBuf block = memory.allocator().buffer(Math.max(1, compressed.length))) {
      block.setBytes(0, compressed);
      try (
          ArrowBuf payload = PayloadCodecs.decompress(codec, block, 0, compressed.length, memory.allocator(), "test")) {
        byte[] out = new byte[(int) payload.capacity()];
        payload.getBytes(0, out);
        return out;
      }
    }
  }

  private static byte[] theirCompress(CompressionCodec codec, byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OutputStream stream;
    switch (codec) {
      case LZ4:
        stream = new LZ4FrameOutputStream(out, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB);
        break;
      case ZSTD:
        stream = new ZstdOutputStream(out, 1);
        break;
      default:
        stream = new SnappyFramedOutputStream(out);
        break;
    }
    // write in pieces, as a streaming encoder would be fed
    for (int at = 0; at < data.length; at += 10_000) {
      stream.write(data, at, Math.min(10_000, data.length - at));
    }
    stream.close();
    return out.toByteArray();
  }

  private static byte[] theirDecompress(CompressionCodec codec, byte[] compressed) throws IOException {
    InputStream in = new ByteArrayInputStream(compressed);
    switch (codec) {
      case LZ4:
        in = new LZ4FrameInputStream(in);
        break;
      case ZSTD:
        in = new ZstdInputStream(in);
        break;
      default:
        in = new SnappyFramedInputStream(in);
        break;
    }
    try (InputStream stream = in) {
      return stream.readAllBytes();
    }
  }
}
