package dev.quiver.shuffle.codec;

import com.github.luben.zstd.ZstdCompressCtx;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;

/**
 * Compresses and decompresses whole block payloads. Decompression writes straight into one Arrow
 * buffer of the (exact or tightly bounded) decompressed size, which the decoder then slices for the
 * vectors: no intermediate copy. For {@link CompressionCodec#NONE} the payload is a retained slice of
 * the block itself.
 */
public final class PayloadCodecs {
  private PayloadCodecs() {}

  /**
   * The decompressed payload of a block, as a buffer the caller owns and must close. Its capacity is
   * exactly the decompressed size (the allocation behind it may be a little larger: LZ4 and
   * streaming zstd frames give only a tight bound of their size before they are decompressed).
   */
  public static ArrowBuf decompress(
      CompressionCodec codec, ArrowBuf block, long payloadOffset, long payloadLength,
      BufferAllocator allocator, String name) {
    if (codec == CompressionCodec.NONE) {
      block.getReferenceManager().retain();
      return block.slice(payloadOffset, payloadLength);
    }
    int length = (int) payloadLength;
    ByteBuffer source = length == 0 ? ByteBuffer.allocateDirect(0) : block.nioBuffer(payloadOffset, length);
    long capacity;
    switch (codec) {
      case LZ4:
        capacity = Lz4Frame.decompressedBound(source, 0, length, name);
        break;
      case ZSTD:
        capacity = ZstdFrame.sizeOf(source, 0, length, name).bytes();
        break;
      case SNAPPY:
        capacity = SnappyFrame.decompressedSize(source, 0, length, name);
        break;
      default:
        throw new QuiverException(ErrorCode.INTERNAL, "unhandled codec " + codec);
    }
    ArrowBuf output = allocate(allocator, capacity, name);
    try {
      if (capacity == 0) {
        return output;
      }
      ByteBuffer destination = output.nioBuffer(0, (int) capacity);
      long produced = capacity;
      switch (codec) {
        case LZ4:
          produced = Lz4Frame.decompress(source, 0, length, destination, 0, capacity, name);
          break;
        case ZSTD:
          produced = ZstdFrame.decompress(source, 0, length, destination, 0, (int) capacity, name);
          break;
        case SNAPPY:
          SnappyFrame.decompress(source, 0, length, destination, 0, name);
          break;
        default:
          throw new QuiverException(ErrorCode.INTERNAL, "unhandled codec " + codec);
      }
      ArrowBuf exact = output.slice(0, produced);
      output = null;
      return exact;
    } finally {
      if (output != null) {
        output.close();
      }
    }
  }

  private static ArrowBuf allocate(BufferAllocator allocator, long bytes, String name) {
    try {
      return allocator.buffer(bytes);
    } catch (OutOfMemoryException exhausted) {
      throw new QuiverException(
          ErrorCode.RESOURCE, name + ": cannot allocate " + bytes + " bytes to decompress the block", exhausted);
    }
  }

  /** Appends the compressed form of {@code source[offset, offset+length)} to {@code out}. */
  public static void compress(
      CompressionCodec codec, ZstdCompressCtx zstdContext, byte[] source, int offset, int length, GrowableBytes out) {
    switch (codec) {
      case NONE:
        out.write(source, offset, length);
        break;
      case LZ4:
        Lz4Frame.compress(source, offset, length, out);
        break;
      case ZSTD:
        ZstdFrame.compress(zstdContext, source, offset, length, out);
        break;
      case SNAPPY:
        SnappyFrame.compress(source, offset, length, out);
        break;
      default:
        throw new QuiverException(ErrorCode.INTERNAL, "unhandled codec " + codec);
    }
  }
}
