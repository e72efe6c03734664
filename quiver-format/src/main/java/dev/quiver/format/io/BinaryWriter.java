package dev.quiver.format.io;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Little-endian and varint writing into a growable byte array: how the footer is serialized. */
public final class BinaryWriter {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream(4096);

  public BinaryWriter u8(int value) {
    out.write(value);
    return this;
  }

  public BinaryWriter u32(int value) {
    for (int i = 0; i < 4; i++) {
      out.write(value >>> (8 * i));
    }
    return this;
  }

  public BinaryWriter u64(long value) {
    for (int i = 0; i < 8; i++) {
      out.write((int) (value >>> (8 * i)));
    }
    return this;
  }

  /** An unsigned LEB128 varint; the value's 64 bits are read as unsigned. */
  public BinaryWriter varint(long value) {
    long rest = value;
    while ((rest & ~0x7FL) != 0) {
      out.write((int) ((rest & 0x7F) | 0x80));
      rest >>>= 7;
    }
    out.write((int) rest);
    return this;
  }

  /** A zigzag varint of any long. */
  public BinaryWriter signedVarint(long value) {
    return varint((value << 1) ^ (value >> 63));
  }

  public BinaryWriter bytes(byte[] value) {
    varint(value.length);
    out.write(value, 0, value.length);
    return this;
  }

  public BinaryWriter string(String value) {
    return bytes(value.getBytes(StandardCharsets.UTF_8));
  }

  public BinaryWriter raw(byte[] value) {
    out.write(value, 0, value.length);
    return this;
  }

  public int size() {
    return out.size();
  }

  public byte[] toByteArray() {
    return out.toByteArray();
  }
}
