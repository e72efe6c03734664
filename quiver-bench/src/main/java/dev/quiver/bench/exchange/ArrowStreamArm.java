package dev.quiver.bench.exchange;

import com.github.luben.zstd.ZstdInputStream;
import dev.quiver.bench.scan.query.ColumnDigest;
import dev.quiver.shuffle.block.BlockFormat;
import dev.quiver.shuffle.codec.CompressionCodec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import net.jpountz.lz4.LZ4FrameInputStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.xerial.snappy.SnappyFramedInputStream;

/**
 * Arrow Java: a fresh {@link ArrowStreamReader} per block over the codec library's decompressing
 * stream (lz4-java's frame reader, zstd-jni's, snappy-java's framed reader), the way a JVM reader
 * without Quiver or Comet decodes a Comet block.
 */
public final class ArrowStreamArm implements BlockDecodeArm {
  private final byte[] block;
  private final CompressionCodec codec;

  ArrowStreamArm(byte[] block, CompressionCodec codec) {
    this.block = block;
    this.codec = codec;
  }

  @Override
  public int decode(BufferAllocator allocator, ColumnDigest digest) throws IOException {
    InputStream payload = new ByteArrayInputStream(block, BlockFormat.HEADER_BYTES,
        block.length - BlockFormat.HEADER_BYTES);
    try (ArrowStreamReader reader = new ArrowStreamReader(decompressing(codec, payload), allocator)) {
      reader.loadNextBatch();
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      BlockDecodeArm.digest(digest, root.getFieldVectors(), root.getRowCount());
      return root.getRowCount();
    }
  }

  /** {@code raw} through the codec library's decompressing stream for {@code codec} (none: as is). */
  public static InputStream decompressing(CompressionCodec codec, InputStream raw) throws IOException {
    switch (codec) {
      case LZ4:
        return new LZ4FrameInputStream(raw);
      case ZSTD:
        return new ZstdInputStream(raw);
      case SNAPPY:
        return new SnappyFramedInputStream(raw);
      default:
        return raw;
    }
  }
}
