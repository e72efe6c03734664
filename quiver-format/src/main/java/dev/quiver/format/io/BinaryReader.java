package dev.quiver.format.io;

import dev.quiver.common.CorruptFileException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Bounds-checked reading of what {@link BinaryWriter} wrote. Every read checks the bytes left first;
 * a count or length is checked against what is left before anything is allocated for it, so a lying
 * footer raises a {@link CorruptFileException} naming the file and the part, never an
 * OutOfMemoryError.
 */
public final class BinaryReader {
  private final byte[] bytes;
  private final int end;
  private final String file;
  private final String part;
  private int position;

  public BinaryReader(byte[] bytes, int offset, int length, String file, String part) {
    this.bytes = bytes;
    this.position = offset;
    this.end = offset + length;
    this.file = file;
    this.part = part;
  }

  public int remaining() {
    return end - position;
  }

  public int position() {
    return position;
  }

  private void need(long count, String what) throws CorruptFileException {
    if (count < 0 || count > end - position) {
      throw corrupt(what + " needs " + count + " bytes but only " + (end - position) + " remain");
    }
  }

  public CorruptFileException corrupt(String problem) {
    return new CorruptFileException(file, part + ": " + problem + " (at byte " + position + ")", null);
  }

  public int u8(String what) throws CorruptFileException {
    need(1, what);
    return bytes[position++] & 0xFF;
  }

  public int u32(String what) throws CorruptFileException {
    need(4, what);
    int value = 0;
    for (int i = 3; i >= 0; i--) {
      value = (value << 8) | (bytes[position + i] & 0xFF);
    }
    position += 4;
    return value;
  }

  public long u64(String what) throws CorruptFileException {
    need(8, what);
    long value = 0;
    for (int i = 7; i >= 0; i--) {
      value = (value << 8) | (bytes[position + i] & 0xFF);
    }
    position += 8;
    return value;
  }

  public long varint(String what) throws CorruptFileException {
    long value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      int next = u8(what);
      value |= (long) (next & 0x7F) << shift;
      if ((next & 0x80) == 0) {
        if (shift == 63 && next > 1) {
          break;
        }
        return value;
      }
    }
    throw corrupt(what + " is not a valid varint");
  }

  /** A varint that must lie in {@code [minimum, maximum]}. */
  public long varint(String what, long minimum, long maximum) throws CorruptFileException {
    long value = varint(what);
    if (value < minimum || value > maximum) {
      throw corrupt(what + " " + Long.toUnsignedString(value) + " is outside " + minimum + ".." + maximum);
    }
    return value;
  }

  /** A count of items, each at least {@code minimumItemBytes} long, so it cannot exceed the bytes left. */
  public int count(String what, int minimumItemBytes) throws CorruptFileException {
    long limit = minimumItemBytes <= 0 ? Integer.MAX_VALUE : remaining() / minimumItemBytes;
    return (int) varint(what, 0, Math.min(Integer.MAX_VALUE, limit));
  }

  public long signedVarint(String what) throws CorruptFileException {
    long raw = varint(what);
    return (raw >>> 1) ^ -(raw & 1);
  }

  public byte[] bytes(String what) throws CorruptFileException {
    int length = (int) varint(what + " length", 0, remaining());
    byte[] value = new byte[length];
    System.arraycopy(bytes, position, value, 0, length);
    position += length;
    return value;
  }

  public String string(String what) throws CorruptFileException {
    byte[] raw = bytes(what);
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(raw))
          .toString();
    } catch (CharacterCodingException malformed) {
      throw corrupt(what + " is not valid UTF-8");
    }
  }

  /** Requires that every byte was read. */
  public void requireEnd() throws CorruptFileException {
    if (position != end) {
      throw corrupt((end - position) + " unread bytes at the end");
    }
  }
}
