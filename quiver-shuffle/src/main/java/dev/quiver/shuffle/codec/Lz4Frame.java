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
 * checksums, an end mark. Decoding first walks the frame and the LZ4 sequences of every block to
 * learn the exact decompressed size (no guessing, no over-allocation), then decompresses each block
 * straight into the destination. Linked-block frames and dictionary IDs are refused by name.
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

  /** Appends {@code source[0, length)} to {@code out} as one LZ4 frame. */
  public static void compress(byte[] source, int length, GrowableBytes out) {
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
    for (int position = 0; position < length; position += blockMaximum) {
      int chunk = Math.min(blockMaximum, length - position);
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
   * The exact decompressed size of the frame in {@code source[offset, offset+length)}; checks the
   * frame's structure on the way.
   */
  public static long decompressedSize(ByteBuffer source, int offset, int length, String name) {
    return walk(source, offset, length, null, 0, name);
  }

  /**
   * Decompresses the frame into {@code destination[destinationOffset, +decompressedSize)}; the size
   * must come from {@link #decompressedSize}.
   */
  public static void decompress(
      ByteBuffer source, int offset, int length, ByteBuffer destination, int destinationOffset, String name) {
    walk(source, offset, length, destination, destinationOffset, name);
  }

  /** Walks the frame; with a destination it also decompresses. Returns the decompressed size. */
  private static long walk(
      ByteBuffer source, int offset, int length, ByteBuffer destination, int destinationOffset, String name) {
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
      if (stored) {
        blockOut = blockBytes;
        if (destination != null) {
          copy(source, position, destination, destinationOffset + (int) total, blockBytes);
        }
      } else {
        blockOut = sequencesSize(source, position, blockBytes, blockMaximum, name);
        if (destination != null) {
          int produced;
          try {
            produced = DECOMPRESSOR.decompress(
                source, position, blockBytes, destination, destinationOffset + (int) total, (int) blockOut);
          } catch (LZ4Exception malformed) {
            throw QuiverException.corrupt(name + ": LZ4 block is malformed: " + malformed.getMessage(), malformed);
          }
          if (produced != blockOut) {
            throw QuiverException.corrupt(name + ": LZ4 block decompressed to " + produced + " bytes, expected " + blockOut);
          }
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

  /**
   * The decompressed size of one LZ4 block, from its sequences alone: each token gives a literal
   * length and a match length; literals are skipped, not copied.
   */
  private static long sequencesSize(ByteBuffer source, int start, int length, int maximum, String name) {
    int position = start;
    int end = start + length;
    long out = 0;
    while (true) {
      if (position >= end) {
        throw QuiverException.corrupt(name + ": LZ4 block ends inside a sequence");
      }
      int token = source.get(position++) & 0xFF;
      long literals = token >>> 4;
      if (literals == 15) {
        int extra;
        do {
          if (position >= end) {
            throw QuiverException.corrupt(name + ": LZ4 block ends inside a literal length");
          }
          extra = source.get(position++) & 0xFF;
          literals += extra;
        } while (extra == 255);
      }
      if (literals > end - position) {
        throw QuiverException.corrupt(name + ": LZ4 literals run past the end of the block");
      }
      position += (int) literals;
      out += literals;
      if (position == end) {
        break;
      }
      if (position + 2 > end) {
        throw QuiverException.corrupt(name + ": LZ4 block ends inside a match offset");
      }
      position += 2;
      long match = token & 0x0F;
      if (match == 15) {
        int extra;
        do {
          if (position >= end) {
            throw QuiverException.corrupt(name + ": LZ4 block ends inside a match length");
          }
          extra = source.get(position++) & 0xFF;
          match += extra;
        } while (extra == 255);
      }
      out += match + 4;
      if (out > maximum) {
        throw QuiverException.corrupt(name + ": LZ4 block decompresses past its frame's block maximum " + maximum);
      }
    }
    if (out > maximum) {
      throw QuiverException.corrupt(name + ": LZ4 block decompresses past its frame's block maximum " + maximum);
    }
    return out;
  }

  private static int littleEndianInt(ByteBuffer buffer, int position) {
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
