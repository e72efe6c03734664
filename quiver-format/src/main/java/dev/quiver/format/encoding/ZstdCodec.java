package dev.quiver.format.encoding;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * zstd for buffers: one frame each, content size and checksum recorded. Before decompressing, the
 * frame's header and block headers are walked: the frame must be exactly the stored bytes, declare
 * exactly the length its node needs, and have blocks that can hold it, so a lying size costs
 * nothing and the destination is never larger than the node allows. Contexts are per thread.
 */
final class ZstdCodec {
  private ZstdCodec() {}

  private static final int MAGIC = 0xFD2FB528;
  private static final int BLOCK_MAXIMUM = 128 * 1024;
  private static final ThreadLocal<ZstdCompressCtx> COMPRESSORS = ThreadLocal.withInitial(() -> {
    ZstdCompressCtx context = new ZstdCompressCtx();
    context.setContentSize(true);
    context.setChecksum(true);
    return context;
  });
  private static final ThreadLocal<ZstdDecompressCtx> DECOMPRESSORS = ThreadLocal.withInitial(ZstdDecompressCtx::new);

  /** {@code source[offset, offset + length)} as one zstd frame at {@code level}. */
  static EncodedBuffer compress(byte[] source, int offset, int length, int level) {
    ZstdCompressCtx context = COMPRESSORS.get();
    context.setLevel(level);
    byte[] out = new byte[(int) Zstd.compressBound(length)];
    int written;
    try {
      written = context.compressByteArray(out, 0, out.length, source, offset, length);
    } catch (ZstdException failure) {
      throw new QuiverException(ErrorCode.INTERNAL, "zstd compression failed: " + failure.getMessage(), failure);
    }
    return new EncodedBuffer(out, 0, written, EncodingFormat.COMPRESSION_ZSTD);
  }

  /**
   * Decompresses the frame {@code source[offset, offset + length)} into {@code expected} bytes at
   * {@code destination} (which must hold them), after proving the frame declares exactly that size.
   */
  static void decompress(ArrowBuf source, long offset, long length, long expected, long destination,
      DecodeContext context, SegmentNode node) {
    checkFrame(source, offset, length, expected, context, node);
    if (expected == 0) {
      return;
    }
    long produced;
    try {
      ByteBuffer target = MemoryUtil.directBuffer(destination, (int) expected);
      ByteBuffer input = MemoryUtil.directBuffer(source.memoryAddress() + offset, (int) length);
      produced = DECOMPRESSORS.get().decompressDirectByteBuffer(target, 0, (int) expected, input, 0, (int) length);
    } catch (ZstdException malformed) {
      throw context.corrupt(node, "zstd frame is malformed: " + malformed.getMessage());
    }
    if (produced != expected) {
      throw context.corrupt(node, "zstd frame decompressed to " + produced + " bytes, not " + expected);
    }
  }

  static void checkFrame(ArrowBuf source, long offset, long length, long expected, DecodeContext context,
      SegmentNode node) {
    if (length < 9) {
      throw context.corrupt(node, "zstd frame of " + length + " bytes is too short");
    }
    long end = offset + length;
    if (source.getInt(offset) != MAGIC) {
      throw context.corrupt(node, "compressed buffer does not start with the zstd frame magic");
    }
    int descriptor = source.getByte(offset + 4) & 0xFF;
    int contentSizeFlag = descriptor >>> 6;
    boolean singleSegment = (descriptor & 0x20) != 0;
    boolean checksum = (descriptor & 0x04) != 0;
    if ((descriptor & 0x08) != 0 || (descriptor & 0x03) != 0) {
      throw context.corrupt(node, "zstd frame uses a dictionary or its reserved bit");
    }
    long position = offset + 5;
    long windowSize = 0;
    if (!singleSegment) {
      int windowDescriptor = source.getByte(position++) & 0xFF;
      long windowBase = 1L << (10 + (windowDescriptor >>> 3));
      windowSize = windowBase + (windowBase / 8) * (windowDescriptor & 7);
    }
    int contentSizeBytes = contentSizeFlag == 0 ? (singleSegment ? 1 : 0) : 1 << contentSizeFlag;
    if (contentSizeBytes == 0) {
      throw context.corrupt(node, "zstd frame does not record its content size");
    }
    if (position + contentSizeBytes + 3 > end) {
      throw context.corrupt(node, "zstd frame header is truncated");
    }
    long contentSize = 0;
    for (int i = contentSizeBytes - 1; i >= 0; i--) {
      contentSize = (contentSize << 8) | (source.getByte(position + i) & 0xFF);
    }
    if (contentSizeBytes == 2) {
      contentSize += 256;
    }
    position += contentSizeBytes;
    if (contentSize != expected) {
      throw context.corrupt(node, "zstd frame holds " + Long.toUnsignedString(contentSize) + " bytes; the node needs "
          + expected);
    }
    if (singleSegment) {
      windowSize = contentSize;
    }
    long blockMaximum = Math.min(BLOCK_MAXIMUM, windowSize);
    long bound = 0;
    while (true) {
      if (position + 3 > end) {
        throw context.corrupt(node, "zstd frame ends before its last block");
      }
      int header = (source.getByte(position) & 0xFF) | (source.getByte(position + 1) & 0xFF) << 8
          | (source.getByte(position + 2) & 0xFF) << 16;
      position += 3;
      int type = (header >>> 1) & 3;
      int size = header >>> 3;
      if (type == 3 || size > BLOCK_MAXIMUM) {
        throw context.corrupt(node, "zstd block of type " + type + " and size " + size + " is invalid");
      }
      bound += type == 2 ? blockMaximum : size;
      position += type == 1 ? 1 : size;
      if (position > end) {
        throw context.corrupt(node, "zstd block runs past the end of its buffer");
      }
      if ((header & 1) != 0) {
        break;
      }
    }
    if (checksum) {
      position += 4;
    }
    if (position != end) {
      throw context.corrupt(node, "zstd frame and its buffer differ in length by " + (end - position) + " bytes");
    }
    if (contentSize > bound) {
      throw context.corrupt(node, "zstd frame says " + contentSize + " bytes but its blocks hold at most " + bound);
    }
  }
}
