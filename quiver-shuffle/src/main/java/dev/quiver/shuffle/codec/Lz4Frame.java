package dev.quiver.shuffle.codec;

import dev.quiver.common.QuiverException;
import java.nio.ByteBuffer;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;

/**
 * The LZ4 frame format (magic {@code 04 22 4D 18}) as Comet writes it: independent blocks, no
 * checksums, an end mark. Decoding first walks the block headers (not their contents) for a bound
 * of the decompressed size: a stored block's own size, a compressed block's frame maximum (64 KiB to
 * 4 MiB) or 255 times its size, whichever is smaller. Each block then decompresses straight into the
 * destination; the caller keeps the exact size produced. The bound exceeds the exact size by less
 * than one block maximum (the last, partial block). Measured here, scanning the LZ4 sequences for
 * the exact size cost three quarters of a full decompression, so the bound wins. Linked-block frames
 * and dictionary IDs are refused by name.
 */
public final class Lz4Frame {
  private Lz4Frame() {}

  static final int MAGIC = 0x184D2204;
  private static final int FLG_VERSION_MASK = 0xC0;
  private static final int FLG_VERSION_01 = 0x40;
  private static final int FLG_BLOCK_INDEPENDENCE = 0x20;
  private static final int FLG_BLOCK_CHECKSUM = 0x10;
  private static final int FLG_CONTENT_SIZE = 0x08;
  private static final int FLG_CONTENT_CHECKSUM = 0x04;
  private static final int FLG_RESERVED = 0x02;
  private static final int FLG_DICTIONARY_ID = 0x01;
  private static final int UNCOMPRESSED_BIT = 0x80000000;

  private static final LZ4Factory FACTORY = LZ4Factory.fastestInstance();
  private static final LZ4Compressor COMPRESSOR = FACTORY.fastCompressor();
  private static final LZ4SafeDecompressor DECOMPRESSOR = FACTORY.safeDecompressor();
  private static final XXHash32 XXHASH = XXHashFactory.fastestInstance().hash32();

  /** Appends {@code source[offset, offset+length)} to {@code out} as one LZ4 frame. */
  public static void compress(byte[] source, int offset, int length, GrowableBytes out) {
    int blockSizeCode = 4;
    while (blockSizeCode < 7 && blockMaximum(blockSizeCode) < length) {
      blockSizeCode++;
    }
    int blockMaximum = blockMaximum(blockSizeCode);
    out.writeIntLittleEndian(MAGIC);
    int flg = FLG_VERSION_01 | FLG_BLOCK_INDEPENDENCE;
    int bd = blockSizeCode << 4;
    out.write(flg);
    out.write(bd);
    out.write((XXHASH.hash(out.array(), out.size() - 2, 2, 0) >>> 8) & 0xFF);
    int end = offset + length;
    for (int position = offset; position < end; position += blockMaximum) {
      int chunk = Math.min(blockMaximum, end - position);
      int bound = COMPRESSOR.maxCompressedLength(chunk);
      out.ensureRoom(4L + Math.max(bound, chunk));
      int sizePosition = out.size();
      int compressed = COMPRESSOR.compress(source, position, chunk, out.array(), sizePosition + 4, bound);
      if (compressed >= chunk) {
        System.arraycopy(source, position, out.array(), sizePosition + 4, chunk);
        out.putIntLittleEndian(sizePosition, chunk | UNCOMPRESSED_BIT);
        out.setSize(sizePosition + 4 + chunk);
      } else {
        out.putIntLittleEndian(sizePosition, compressed);
        out.setSize(sizePosition + 4 + compressed);
      }
    }
    out.writeIntLittleEndian(0);
  }

  private static int blockMaximum(int blockSizeCode) {
    return 1 << (8 + 2 * blockSizeCode);
  }

  /**
   * An upper bound of the decompressed size of the frame in {@code source[offset, offset+length)},
   * less than one block maximum above the exact size; checks the frame's structure on the way.
   */
  public static long decompressedBound(ByteBuffer source, int offset, int length, String name) {
    return walk(source, offset, length, null, 0, 0, name);
  }

  /**
   * Decompresses the frame into {@code destination[destinationOffset, +capacity)}, where capacity is
   * at least {@link #decompressedBound}; returns the exact number of bytes produced.
   */
  public static long decompress(
      ByteBuffer source, int offset, int length, ByteBuffer destination, int destinationOffset, long capacity,
      String name) {
    return walk(source, offset, length, destination, destinationOffset, capacity, name);
  }

  /** Walks the frame; with a destination it decompresses and returns the size, else the bound. */
  private static long walk(
      ByteBuffer source, int offset, int length, ByteBuffer destination, int destinationOffset, long capacity,
      String name) {
    int end = offset + length;
    if (length < 7) {
      throw QuiverException.corrupt(name + ": LZ4 frame of " + length + " bytes is too short for a frame header");
    }
    if ((source.get(offset) & 0xFF) != 0x04 || (source.get(offset + 1) & 0xFF) != 0x22
        || (source.get(offset + 2) & 0xFF) != 0x4D || (source.get(offset + 3) & 0xFF) != 0x18) {
      throw QuiverException.corrupt(name + ": LZ4 payload does not start with the frame magic 04 22 4D 18");
    }
    int flg = source.get(offset + 4) & 0xFF;
    int bd = source.get(offset + 5) & 0xFF;
    if ((flg & FLG_VERSION_MASK) != FLG_VERSION_01 || (flg & FLG_RESERVED) != 0 || (bd & 0x8F) != 0) {
      throw QuiverException.corrupt(name + ": LZ4 frame descriptor has an unknown version or reserved bits set");
    }
    if ((flg & FLG_BLOCK_INDEPENDENCE) == 0) {
      throw QuiverException.corrupt(name + ": LZ4 frame uses linked blocks, which shuffle blocks never use");
    }
    if ((flg & FLG_DICTIONARY_ID) != 0) {
      throw QuiverException.corrupt(name + ": LZ4 frame needs a dictionary, which shuffle blocks never use");
    }
    int blockSizeCode = bd >>> 4;
    if (blockSizeCode < 4) {
      throw QuiverException.corrupt(name + ": LZ4 frame has an invalid block maximum size code " + blockSizeCode);
    }
    int blockMaximum = blockMaximum(blockSizeCode);
    int descriptorBytes = 2 + ((flg & FLG_CONTENT_SIZE) != 0 ? 8 : 0);
    int position = offset + 4 + descriptorBytes;
    if (position + 1 > end) {
      throw QuiverException.corrupt(name + ": LZ4 frame header is truncated");
    }
    byte[] descriptor = new byte[descriptorBytes];
    for (int i = 0; i < descriptorBytes; i++) {
      descriptor[i] = source.get(offset + 4 + i);
    }
    int expectedChecksum = (XXHASH.hash(descriptor, 0, descriptorBytes, 0) >>> 8) & 0xFF;
    if ((source.get(position) & 0xFF) != expectedChecksum) {
      throw QuiverException.corrupt(name + ": LZ4 frame header checksum does not match");
    }
    position++;
    boolean blockChecksums = (flg & FLG_BLOCK_CHECKSUM) != 0;
    long total = 0;
    while (true) {
      if (position + 4 > end) {
        throw QuiverException.corrupt(name + ": LZ4 frame ends without its end mark");
      }
      int word = littleEndianInt(source, position);
      position += 4;
      if (word == 0) {
        break;
      }
      boolean stored = (word & UNCOMPRESSED_BIT) != 0;
      int blockBytes = word & ~UNCOMPRESSED_BIT;
      if (blockBytes > blockMaximum || blockBytes > end - position) {
        throw QuiverException.corrupt(
            name + ": LZ4 block of " + blockBytes + " bytes overruns the frame or its maximum " + blockMaximum);
      }
      long blockOut;
      if (destination == null) {
        blockOut = stored ? blockBytes : Math.min(blockMaximum, 255L * blockBytes + 16);
      } else if (stored) {
        blockOut = blockBytes;
        if (blockOut > capacity - total) {
          throw QuiverException.corrupt(name + ": LZ4 frame holds more than its bound of " + capacity + " bytes");
        }
        copy(source, position, destination, destinationOffset + (int) total, blockBytes);
      } else {
        int room = (int) Math.min(blockMaximum, capacity - total);
        try {
          blockOut = DECOMPRESSOR.decompress(source, position, blockBytes, destination, destinationOffset + (int) total,
              room);
        } catch (LZ4Exception malformed) {
          throw QuiverException.corrupt(name + ": LZ4 block is malformed: " + malformed.getMessage(), malformed);
        }
      }
      total += blockOut;
      if (total > Integer.MAX_VALUE) {
        throw QuiverException.corrupt(name + ": LZ4 frame decompresses to more than 2 GiB");
      }
      position += blockBytes;
      if (blockChecksums) {
        position += 4;
      }
    }
    if ((flg & FLG_CONTENT_CHECKSUM) != 0) {
      position += 4;
    }
    if (position > end) {
      throw QuiverException.corrupt(name + ": LZ4 frame is truncated after its end mark");
    }
    if (position != end) {
      throw QuiverException.corrupt(name + ": " + (end - position) + " bytes after the LZ4 frame");
    }
    return total;
  }

  /** The little-endian int at {@code position}, whatever the buffer's byte order. */
  static int littleEndianInt(ByteBuffer buffer, int position) {
    return (buffer.get(position) & 0xFF)
        | (buffer.get(position + 1) & 0xFF) << 8
        | (buffer.get(position + 2) & 0xFF) << 16
        | (buffer.get(position + 3) & 0xFF) << 24;
  }

  static void copy(ByteBuffer source, int sourceOffset, ByteBuffer destination, int destinationOffset, int length) {
    ByteBuffer from = source.duplicate();
    from.limit(sourceOffset + length).position(sourceOffset);
    ByteBuffer to = destination.duplicate();
    to.position(destinationOffset);
    to.put(from);
  }
}
