package dev.quiver.shuffle.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.Arrays;

/**
 * A reusable heap byte array that grows as bytes are appended; the writer's scratch space. Also an
 * {@link OutputStream}, so Arrow's {@code WriteChannel} can write into it without a copy.
 */
public final class GrowableBytes extends OutputStream implements WritableByteChannel {
  private byte[] array;
  private int size;

  public GrowableBytes(int initialCapacity) {
    array = new byte[Math.max(16, initialCapacity)];
  }

  /** The backing array; valid bytes are {@code [0, size())}. */
  public byte[] array() {
    return array;
  }

  public int size() {
    return size;
  }

  public void reset() {
    size = 0;
  }

  /** Makes room for {@code extra} more bytes after {@link #size()}. */
  public void ensureRoom(long extra) {
    long needed = size + extra;
    if (needed > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("a block cannot exceed 2 GiB; needed " + needed + " bytes");
    }
    if (needed > array.length) {
      long grown = Math.max(needed, Math.min((long) array.length * 2, Integer.MAX_VALUE - 16));
      array = Arrays.copyOf(array, (int) grown);
    }
  }

  /** Moves the end to {@code newSize}, which must lie within the capacity made by {@link #ensureRoom}. */
  public void setSize(int newSize) {
    if (newSize < 0 || newSize > array.length) {
      throw new IllegalArgumentException("size " + newSize + " outside capacity " + array.length);
    }
    size = newSize;
  }

  @Override
  public void write(int value) {
    ensureRoom(1);
    array[size++] = (byte) value;
  }

  @Override
  public void write(byte[] bytes, int offset, int length) {
    ensureRoom(length);
    System.arraycopy(bytes, offset, array, size, length);
    size += length;
  }

  public void writeIntLittleEndian(int value) {
    ensureRoom(4);
    putIntLittleEndian(size, value);
    size += 4;
  }

  public void putIntLittleEndian(int position, int value) {
    array[position] = (byte) value;
    array[position + 1] = (byte) (value >>> 8);
    array[position + 2] = (byte) (value >>> 16);
    array[position + 3] = (byte) (value >>> 24);
  }

  public void putLongLittleEndian(int position, long value) {
    putIntLittleEndian(position, (int) value);
    putIntLittleEndian(position + 4, (int) (value >>> 32));
  }

  @Override
  public int write(ByteBuffer source) {
    int length = source.remaining();
    ensureRoom(length);
    source.get(array, size, length);
    size += length;
    return length;
  }

  @Override
  public boolean isOpen() {
    return true;
  }

  @Override
  public void close() {}

  /** Writes the valid bytes to a stream. */
  public void writeTo(OutputStream out) throws IOException {
    out.write(array, 0, size);
  }
}
