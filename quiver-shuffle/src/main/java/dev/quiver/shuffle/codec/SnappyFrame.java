package dev.quiver.shuffle.codec;

import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.xerial.snappy.Snappy;

/**
 * The snappy framing format: a stream identifier chunk, then compressed (type 0) or stored (type 1)
 * chunks of at most 64 KiB each, with the masked CRC-32C of their uncompressed bytes. Padding and
 * skippable chunks are skipped; reserved unskippable chunk types are refused. Every CRC is checked.
 */
public final class SnappyFrame {
  private SnappyFrame() {}

  private static final byte[] STREAM_IDENTIFIER = {(byte) 0xFF, 6, 0, 0, 's', 'N', 'a', 'P', 'p', 'Y'};
  private static final int CHUNK_MAXIMUM = 65536;
  private static final int TYPE_COMPRESSED = 0x00;
  private static final int TYPE_STORED = 0x01;
  private static final int TYPE_STREAM_IDENTIFIER = 0xFF;

  /** Appends {@code source[offset, offset+length)} to {@code out} in the snappy framing format. */
  public static void compress(byte[] source, int offset, int length, GrowableBytes out) {
    out.write(STREAM_IDENTIFIER, 0, STREAM_IDENTIFIER.length);
    CRC32C crc = new CRC32C();
    byte[] array = null;
    int end = offset + length;
    for (int position = offset; position < end; position += CHUNK_MAXIMUM) {
      int chunk = Math.min(CHUNK_MAXIMUM, end - position);
      crc.reset();
      crc.update(source, position, chunk);
      int masked = mask((int) crc.getValue());
      int bound = Snappy.maxCompressedLength(chunk);
      out.ensureRoom(8L + Math.max(bound, chunk));
      array = out.array();
      int chunkStart = out.size();
      int compressed;
      try {
        compressed = Snappy.compress(source, position, chunk, array, chunkStart + 8);
      } catch (IOException failure) {
        throw new IllegalStateException("snappy compression failed: " + failure.getMessage(), failure);
      }
      int type = TYPE_COMPRESSED;
      int body = compressed;
      if (compressed >= chunk - chunk / 8) {
        type = TYPE_STORED;
        body = chunk;
        System.arraycopy(source, position, array, chunkStart + 8, chunk);
      }
      int chunkLength = body + 4;
      array[chunkStart] = (byte) type;
      array[chunkStart + 1] = (byte) chunkLength;
      array[chunkStart + 2] = (byte) (chunkLength >>> 8);
      array[chunkStart + 3] = (byte) (chunkLength >>> 16);
      out.putIntLittleEndian(chunkStart + 4, masked);
      out.setSize(chunkStart + 8 + body);
    }
  }

  /** The exact decompressed size of the framed stream; checks its structure on the way. */
  public static long decompressedSize(ByteBuffer source, int offset, int length, String name) {
    return walk(source, offset, length, null, 0, name);
  }

  /** Decompresses into {@code destination} at {@code destinationOffset}, checking every CRC. */
  public static void decompress(
      ByteBuffer source, int offset, int length, ByteBuffer destination, int destinationOffset, String name) {
    walk(source, offset, length, destination, destinationOffset, name);
  }

  private static long walk(
      ByteBuffer source, int offset, int length, ByteBuffer destination, int destinationOffset, String name) {
    int end = offset + length;
    if (length < STREAM_IDENTIFIER.length) {
      throw QuiverException
          .corrupt(name + ": snappy payload of " + length + " bytes is too short for the stream identifier");
    }
    for (int i = 0; i < STREAM_IDENTIFIER.length; i++) {
      if (source.get(offset + i) != STREAM_IDENTIFIER[i]) {
        throw QuiverException.corrupt(name + ": snappy payload does not start with the stream identifier sNaPpY");
      }
    }
    int position = offset + STREAM_IDENTIFIER.length;
    long total = 0;
    CRC32C crc = destination == null ? null : new CRC32C();
    while (position < end) {
      if (position + 4 > end) {
        throw QuiverException.corrupt(name + ": snappy chunk header is truncated");
      }
      int type = source.get(position) & 0xFF;
      int chunkLength = (source.get(position + 1) & 0xFF) | (source.get(position + 2) & 0xFF) << 8
          | (source.get(position + 3) & 0xFF) << 16;
      int body = position + 4;
      if (chunkLength > end - body) {
        throw QuiverException.corrupt(name + ": snappy chunk of " + chunkLength + " bytes runs past the payload");
      }
      if (type == TYPE_COMPRESSED || type == TYPE_STORED) {
        if (chunkLength < 4) {
          throw QuiverException
              .corrupt(name + ": snappy data chunk of " + chunkLength + " bytes has no room for its CRC");
        }
        int data = body + 4;
        int dataLength = chunkLength - 4;
        int produced;
        if (type == TYPE_STORED) {
          produced = dataLength;
        } else {
          produced = uncompressedLength(source, data, dataLength, name);
        }
        if (produced > CHUNK_MAXIMUM) {
          throw QuiverException.corrupt(name + ": snappy chunk decompresses to " + produced + " bytes, over 64 KiB");
        }
        if (destination != null) {
          int at = destinationOffset + (int) total;
          if (type == TYPE_STORED) {
            Lz4Frame.copy(source, data, destination, at, dataLength);
          } else {
            uncompress(source, data, dataLength, destination, at, produced, name);
          }
          ByteBuffer written = destination.duplicate();
          written.limit(at + produced).position(at);
          crc.reset();
          crc.update(written);
          int expected = Lz4Frame.littleEndianInt(source, body);
          if (mask((int) crc.getValue()) != expected) {
            throw QuiverException.corrupt(name + ": snappy chunk CRC-32C does not match its data");
          }
        }
        total += produced;
        if (total > Integer.MAX_VALUE) {
          throw QuiverException.corrupt(name + ": snappy stream decompresses to more than 2 GiB");
        }
      } else if (type == TYPE_STREAM_IDENTIFIER) {
        if (chunkLength != 6) {
          throw QuiverException.corrupt(name + ": snappy stream identifier chunk has length " + chunkLength);
        }
      } else if (type < 0x80) {
        throw QuiverException.corrupt(name + ": snappy chunk has the reserved unskippable type " + type);
      }
      // padding (0xFE) and reserved skippable chunks (0x80-0xFD) are skipped
      position = body + chunkLength;
    }
    return total;
  }

  private static int uncompressedLength(ByteBuffer source, int position, int length, String name) {
    long value = 0;
    for (int shift = 0, i = 0;; shift += 7, i++) {
      if (i >= length || i >= 5) {
        throw QuiverException.corrupt(name + ": snappy chunk has a malformed length prefix");
      }
      int next = source.get(position + i) & 0xFF;
      value |= (long) (next & 0x7F) << shift;
      if ((next & 0x80) == 0) {
        break;
      }
    }
    if (value > Integer.MAX_VALUE) {
      throw QuiverException.corrupt(name + ": snappy chunk length prefix is impossible");
    }
    return (int) value;
  }

  private static void uncompress(
      ByteBuffer source, int data, int dataLength, ByteBuffer destination, int at, int expected, String name) {
    ByteBuffer input = source.duplicate();
    input.limit(data + dataLength).position(data);
    ByteBuffer output = destination.duplicate();
    output.limit(at + expected).position(at);
    int produced;
    try {
      produced = Snappy.uncompress(input.slice(), output.slice());
    } catch (IOException | RuntimeException malformed) {
      throw QuiverException.corrupt(name + ": snappy chunk is malformed: " + QuiverException.describe(malformed),
          malformed);
    }
    if (produced != expected) {
      throw QuiverException
          .corrupt(name + ": snappy chunk decompressed to " + produced + " bytes, expected " + expected);
    }
  }

  static int mask(int crc) {
    return ((crc >>> 15) | (crc << 17)) + 0xa282ead8;
  }
}
