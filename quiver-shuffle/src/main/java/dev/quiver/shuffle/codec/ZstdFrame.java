package dev.quiver.shuffle.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import dev.quiver.common.QuiverException;
import java.nio.ByteBuffer;

/**
 * One zstd frame. Decoding walks the frame header and block headers first: that proves the payload
 * is exactly one frame (nothing after it) and gives the decompressed size, exact when the frame
 * records it, otherwise the tight bound of raw and RLE block sizes plus at most 128 KiB (the zstd
 * block maximum) per compressed block.
 */
public final class ZstdFrame {
  private ZstdFrame() {}

  private static final int MAGIC = 0xFD2FB528;
  private static final int BLOCK_MAXIMUM = 128 * 1024;
  private static final ThreadLocal<ZstdDecompressCtx> DECOMPRESSORS = ThreadLocal.withInitial(ZstdDecompressCtx::new);

  /** The size a frame decompresses to, exact or bounded, as {@link #sizeOf} found it. */
  public record FrameSize(long bytes, boolean exact) {}

  /** Appends {@code source[offset, offset+length)} to {@code out} as one zstd frame. */
  public static void compress(ZstdCompressCtx context, byte[] source, int offset, int length, GrowableBytes out) {
    long bound = Zstd.compressBound(length);
    out.ensureRoom(bound);
    int written;
    try {
      written = context.compressByteArray(out.array(), out.size(), (int) bound, source, offset, length);
    } catch (ZstdException failure) {
      throw new IllegalStateException("zstd compression failed: " + failure.getMessage(), failure);
    }
    out.setSize(out.size() + written);
  }

  /** A compression context at {@code level}, with the content size recorded in the frame. */
  public static ZstdCompressCtx newCompressContext(int level) {
    ZstdCompressCtx context = new ZstdCompressCtx();
    context.setLevel(level);
    context.setContentSize(true);
    context.setChecksum(false);
    return context;
  }

  /** Walks the frame in {@code source[offset, offset+length)}: exact size or a tight bound. */
  public static FrameSize sizeOf(ByteBuffer source, int offset, int length, String name) {
    int end = offset + length;
    if (length < 6) {
      throw QuiverException.corrupt(name + ": zstd frame of " + length + " bytes is too short for a frame header");
    }
    if (Lz4Frame.littleEndianInt(source, offset) != MAGIC) {
      throw QuiverException.corrupt(name + ": zstd payload does not start with the frame magic 28 B5 2F FD");
    }
    int descriptor = source.get(offset + 4) & 0xFF;
    int contentSizeFlag = descriptor >>> 6;
    boolean singleSegment = (descriptor & 0x20) != 0;
    boolean reserved = (descriptor & 0x08) != 0;
    boolean checksum = (descriptor & 0x04) != 0;
    int dictionaryFlag = descriptor & 0x03;
    if (reserved) {
      throw QuiverException.corrupt(name + ": zstd frame header has its reserved bit set");
    }
    int position = offset + 5;
    long windowSize = 0;
    if (!singleSegment) {
      int windowDescriptor = source.get(position++) & 0xFF;
      int windowLog = 10 + (windowDescriptor >>> 3);
      long windowBase = 1L << windowLog;
      windowSize = windowBase + (windowBase / 8) * (windowDescriptor & 7);
    }
    int dictionaryBytes = dictionaryFlag == 3 ? 4 : dictionaryFlag;
    if (dictionaryBytes > 0) {
      throw QuiverException.corrupt(name + ": zstd frame needs a dictionary, which shuffle blocks never use");
    }
    int contentSizeBytes = contentSizeFlag == 0 ? (singleSegment ? 1 : 0) : 1 << contentSizeFlag;
    if (position + contentSizeBytes + 3 > end) {
      throw QuiverException.corrupt(name + ": zstd frame header is truncated");
    }
    long contentSize = -1;
    if (contentSizeBytes > 0) {
      contentSize = 0;
      for (int i = contentSizeBytes - 1; i >= 0; i--) {
        contentSize = (contentSize << 8) | (source.get(position + i) & 0xFF);
      }
      if (contentSizeBytes == 2) {
        contentSize += 256;
      }
      position += contentSizeBytes;
      if (singleSegment) {
        windowSize = contentSize;
      }
    }
    if (contentSize > Integer.MAX_VALUE || contentSize < -1) {
      throw QuiverException.corrupt(
          name + ": zstd frame says it decompresses to " + Long.toUnsignedString(contentSize) + " bytes, over 2 GiB");
    }
    long compressedBlockMaximum = Math.min(BLOCK_MAXIMUM, windowSize);
    long bound = 0;
    while (true) {
      if (position + 3 > end) {
        throw QuiverException.corrupt(name + ": zstd frame ends before its last block");
      }
      int header = (source.get(position) & 0xFF) | (source.get(position + 1) & 0xFF) << 8
          | (source.get(position + 2) & 0xFF) << 16;
      position += 3;
      boolean last = (header & 1) != 0;
      int type = (header >>> 1) & 3;
      int size = header >>> 3;
      switch (type) {
        case 0: // raw
          bound += size;
          position += size;
          break;
        case 1: // run of one byte
          bound += size;
          position += 1;
          break;
        case 2: // compressed
          if (size > BLOCK_MAXIMUM) {
            throw QuiverException.corrupt(name + ": zstd block of " + size + " bytes exceeds the 128 KiB maximum");
          }
          bound += compressedBlockMaximum;
          position += size;
          break;
        default:
          throw QuiverException.corrupt(name + ": zstd block has the reserved block type 3");
      }
      if (position > end) {
        throw QuiverException.corrupt(name + ": zstd block runs past the end of the payload");
      }
      if (bound > Integer.MAX_VALUE) {
        throw QuiverException.corrupt(name + ": zstd frame decompresses to more than 2 GiB");
      }
      if (last) {
        break;
      }
    }
    if (checksum) {
      position += 4;
    }
    if (position > end) {
      throw QuiverException.corrupt(name + ": zstd frame is truncated in its checksum");
    }
    if (position != end) {
      throw QuiverException.corrupt(name + ": " + (end - position) + " bytes after the zstd frame");
    }
    if (contentSize >= 0) {
      if (contentSize > bound) {
        throw QuiverException
            .corrupt(name + ": zstd frame says " + contentSize + " bytes but its blocks hold at most " + bound);
      }
      return new FrameSize(contentSize, true);
    }
    return new FrameSize(bound, false);
  }

  /**
   * Decompresses the frame into {@code destination[destinationOffset, +capacity)}; returns the
   * number of bytes produced.
   */
  public static int decompress(
      ByteBuffer source, int offset, int length, ByteBuffer destination, int destinationOffset, int capacity,
      String name) {
    try {
      return DECOMPRESSORS.get().decompressDirectByteBuffer(
          destination, destinationOffset, capacity, source, offset, length);
    } catch (ZstdException malformed) {
      throw QuiverException.corrupt(name + ": zstd frame is malformed: " + malformed.getMessage(), malformed);
    } catch (RuntimeException malformed) {
      throw QuiverException
          .corrupt(name + ": zstd frame could not be decompressed: " + QuiverException.describe(malformed), malformed);
    }
  }
}
