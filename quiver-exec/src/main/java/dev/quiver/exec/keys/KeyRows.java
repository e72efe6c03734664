package dev.quiver.exec.keys;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.util.Arrays;

/**
 * Packed row keys: per row {@code stride} 64-bit slots (slot 0 the null mask, bit c set when key
 * column c is NULL; then each column's value slots, a bytes column's slot holding its length) and a
 * run of bytes (the bytes columns' values back to back), plus the row's hash. Floats are normalized
 * (one NaN, -0.0 as 0.0) so equal keys pack to equal rows. Used both as one batch's scratch and as
 * the store of a hash table. Not thread-safe.
 */
public final class KeyRows {
  private final KeyLayout layout;
  private final int stride;
  long[] fixed;
  byte[] bytes;
  /** Row r's bytes are {@code bytes[byteStart[r], byteStart[r + 1])}. */
  int[] byteStart;
  long[] hashes;
  int size;

  public KeyRows(KeyLayout layout, int capacity) {
    this.layout = layout;
    this.stride = layout.stride();
    int rows = Math.max(capacity, 1);
    this.fixed = new long[rows * stride];
    this.bytes = new byte[layout.hasBytes() ? 64 : 0];
    this.byteStart = new int[rows + 1];
    this.hashes = new long[rows];
  }

  public KeyLayout layout() {
    return layout;
  }

  public int size() {
    return size;
  }

  public int capacity() {
    return hashes.length;
  }

  public long hash(int row) {
    return hashes[row];
  }

  /** The value slot of a fixed-width key column in a row (an integer key's value). */
  public long value(int row, int column) {
    return fixed[row * stride + layout.slot(column)];
  }

  /** Whether any key column of the row is NULL. */
  public boolean hasNull(int row) {
    return fixed[row * stride] != 0;
  }

  /** Bytes held by the row's byte run. */
  public int byteLength(int row) {
    return byteStart[row + 1] - byteStart[row];
  }

  /** Total bytes in the byte runs of all rows. */
  public int byteSize() {
    return byteStart[size];
  }

  /** Empties the rows (keeps the arrays). */
  public void clear() {
    size = 0;
    byteStart[0] = 0;
  }

  /** Heap bytes of the arrays as they are now. */
  public long heapBytes() {
    return 8L * fixed.length + bytes.length + 4L * byteStart.length + 8L * hashes.length;
  }

  /** Heap bytes after {@link #ensureCapacity} with these arguments (equal to now when no growth is needed). */
  public long heapBytesFor(int rows, long byteCount) {
    int capacity = rows <= capacity() ? capacity() : grownCapacity(capacity(), rows);
    long byteCapacity = byteCount <= bytes.length ? bytes.length : grownBytes(byteCount);
    return 8L * capacity * stride + byteCapacity + 4L * (capacity + 1) + 8L * capacity;
  }

  /** Makes room for {@code rows} rows in all and {@code byteCount} bytes in all. */
  public void ensureCapacity(int rows, long byteCount) {
    if (rows > capacity()) {
      int capacity = grownCapacity(capacity(), rows);
      fixed = Arrays.copyOf(fixed, capacity * stride);
      byteStart = Arrays.copyOf(byteStart, capacity + 1);
      hashes = Arrays.copyOf(hashes, capacity);
    }
    if (byteCount > bytes.length) {
      bytes = Arrays.copyOf(bytes, (int) grownBytes(byteCount));
    }
  }

  private static int grownCapacity(int current, int rows) {
    long grown = Math.max((long) rows, current * 2L);
    if (grown * 16 > Integer.MAX_VALUE) {
      grown = Math.max(rows, Integer.MAX_VALUE / 16);
    }
    if (rows > grown) {
      throw new QuiverException(ErrorCode.RESOURCE, "a hash table cannot hold more than " + grown + " keys");
    }
    return (int) grown;
  }

  private static long grownBytes(long byteCount) {
    if (byteCount > Integer.MAX_VALUE - 16) {
      throw new QuiverException(ErrorCode.RESOURCE, "the keys of one hash table hold more than 2 GB of bytes");
    }
    return Math.min(Integer.MAX_VALUE - 16L, Math.max(byteCount, 2 * byteCount));
  }

  /** Appends row {@code row} of {@code source} (same layout; room made first) and returns its index. */
  public int append(KeyRows source, int row) {
    int index = size;
    System.arraycopy(source.fixed, row * stride, fixed, index * stride, stride);
    int length = source.byteLength(row);
    int start = byteStart[index];
    if (length > 0) {
      System.arraycopy(source.bytes, source.byteStart[row], bytes, start, length);
    }
    byteStart[index + 1] = start + length;
    hashes[index] = source.hashes[row];
    size = index + 1;
    return index;
  }

  /**
   * Appends a non-NULL key of a one-column fixed-width layout (stride 2, no bytes) with its value slot
   * and hash (room made first) and returns its index: {@link #append} without the copy call.
   */
  int appendOneColumn(long value, long hash) {
    int index = size;
    fixed[2 * index] = 0;
    fixed[2 * index + 1] = value;
    byteStart[index + 1] = byteStart[index];
    hashes[index] = hash;
    size = index + 1;
    return index;
  }

  /**
   * For keys of one integer column (stride 2: the null mask, then the value): each row's value minus
   * {@code minimum} when that lies in {@code [0, span)}, else (or for a NULL) -1, into {@code offsets}.
   */
  public void offsetsFrom(long minimum, int span, int[] offsets) {
    if (stride != 2 || layout.kind(0).width() == 0 || layout.kind(0) == KeyKind.FLOAT32
        || layout.kind(0) == KeyKind.FLOAT64) {
      throw new IllegalStateException("offsets need keys of one integer column");
    }
    long[] slots = fixed;
    for (int row = 0; row < size; row++) {
      long offset = slots[2 * row + 1] - minimum;
      boolean inside = slots[2 * row] == 0 && offset >= 0 && offset < span;
      offsets[row] = inside ? (int) offset : -1;
    }
  }

  /** Computes the hash of rows {@code [from, size)} from their packed slots and bytes. */
  void hashRows(int from) {
    for (int row = from; row < size; row++) {
      hashes[row] = KeyHashing.hash(fixed, row * stride, stride, bytes, byteStart[row], byteStart[row + 1]);
    }
  }

  /**
   * Appends the first columns of row {@code row} of {@code source} (whose layout starts with this
   * layout's columns), hashed as this layout hashes them; room must have been made. Returns the index.
   */
  public int appendPrefix(KeyRows source, int row) {
    int index = size;
    int sourceStride = source.stride;
    int columns = layout.columnCount();
    long mask = columns == 0 ? 0 : source.fixed[row * sourceStride] & ((1L << columns) - 1);
    fixed[index * stride] = mask;
    System.arraycopy(source.fixed, row * sourceStride + 1, fixed, index * stride + 1, stride - 1);
    int length = 0;
    for (int column = 0; column < columns; column++) {
      if (layout.kind(column) == KeyKind.BYTES) {
        length += (int) fixed[index * stride + layout.slot(column)];
      }
    }
    int start = byteStart[index];
    if (length > 0) {
      System.arraycopy(source.bytes, source.byteStart[row], bytes, start, length);
    }
    byteStart[index + 1] = start + length;
    hashes[index] = KeyHashing.hash(fixed, index * stride, stride, bytes, start, start + length);
    size = index + 1;
    return index;
  }

  /** Writes rows {@code ids[0, count)} to a spill stream. */
  public void write(java.io.DataOutputStream out, int[] ids, int count) throws java.io.IOException {
    out.writeInt(count);
    for (int i = 0; i < count; i++) {
      int row = ids[i];
      for (int slot = 0; slot < stride; slot++) {
        out.writeLong(fixed[row * stride + slot]);
      }
      out.writeLong(hashes[row]);
      int length = byteLength(row);
      out.writeInt(length);
      out.write(bytes, byteStart[row], length);
    }
  }

  /** Replaces the rows with those {@link #write} wrote next in the stream. */
  public void read(java.io.DataInputStream in) throws java.io.IOException {
    int count = in.readInt();
    clear();
    ensureCapacity(count, 0);
    for (int row = 0; row < count; row++) {
      for (int slot = 0; slot < stride; slot++) {
        fixed[row * stride + slot] = in.readLong();
      }
      hashes[row] = in.readLong();
      int length = in.readInt();
      int start = byteStart[row];
      ensureCapacity(count, (long) start + length);
      in.readFully(bytes, start, length);
      byteStart[row + 1] = start + length;
    }
    size = count;
  }
}
