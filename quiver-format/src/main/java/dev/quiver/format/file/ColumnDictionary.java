package dev.quiver.format.file;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The distinct values of a string or binary column being written, in first-seen order, and the
 * codes of its rows. Bounded: past {@link #MAXIMUM_VALUES} values or {@link #MAXIMUM_BYTES} bytes of
 * values it refuses a chunk, and the column goes on without a dictionary.
 */
final class ColumnDictionary {
  static final int MAXIMUM_VALUES = 1 << 16;
  static final int MAXIMUM_BYTES = 4 << 20;

  private byte[] data = new byte[4096];
  private int[] offsets = new int[257];
  private int size;
  private int[] slots = new int[1024]; // id + 1; 0 marks an empty slot
  private int[] slotHashes = new int[1024];
  private byte[] scratch = new byte[256];

  int size() {
    return size;
  }

  long valueBytes() {
    return offsets[size];
  }

  /**
   * Codes of rows {@code [start, start+count)} as a new int32 vector (nulls stay null), adding new
   * values; null, with the dictionary as it was, when the values would pass a bound.
   */
  IntVector codes(BaseVariableWidthVector values, int start, int count, BufferAllocator allocator) {
    int sizeBefore = size;
    IntVector codes = new IntVector("codes", allocator);
    try {
      codes.allocateNew(count);
      ArrowBuf valueData = values.getDataBuffer();
      for (int row = 0; row < count; row++) {
        int index = start + row;
        if (values.isNull(index)) {
          codes.setNull(row);
          continue;
        }
        int from = values.getStartOffset(index);
        int length = values.getEndOffset(index) - from;
        if (scratch.length < length) {
          scratch = new byte[Math.max(length, scratch.length * 2)];
        }
        valueData.getBytes(from, scratch, 0, length);
        int code = codeOf(scratch, length);
        if (code < 0) {
          truncate(sizeBefore);
          codes.close();
          return null;
        }
        codes.set(row, code);
      }
      codes.setValueCount(count);
      return codes;
    } catch (RuntimeException failure) {
      codes.close();
      throw failure;
    }
  }

  private int codeOf(byte[] value, int length) {
    int hash = hash(value, length);
    int mask = slots.length - 1;
    int slot = hash & mask;
    while (true) {
      int entry = slots[slot];
      if (entry == 0) {
        break;
      }
      if (slotHashes[slot] == hash && equalsValue(entry - 1, value, length)) {
        return entry - 1;
      }
      slot = (slot + 1) & mask;
    }
    if (size >= MAXIMUM_VALUES || (long) offsets[size] + length > MAXIMUM_BYTES) {
      return -1;
    }
    int id = size++;
    if (size == offsets.length) {
      offsets = Arrays.copyOf(offsets, offsets.length * 2);
    }
    int end = offsets[id] + length;
    if (end > data.length) {
      data = Arrays.copyOf(data, Math.max(end, data.length * 2));
    }
    System.arraycopy(value, 0, data, offsets[id], length);
    offsets[size] = end;
    slots[slot] = id + 1;
    slotHashes[slot] = hash;
    if (size * 2 > slots.length) {
      rehash(slots.length * 2);
    }
    return id;
  }

  /** Forgets the values added after the first {@code keep}. */
  void truncate(int keep) {
    size = keep;
    rehash(slots.length);
  }

  private void rehash(int capacity) {
    slots = new int[capacity];
    slotHashes = new int[capacity];
    int mask = capacity - 1;
    for (int id = 0; id < size; id++) {
      int hash = hash(data, offsets[id], offsets[id + 1] - offsets[id]);
      int slot = hash & mask;
      while (slots[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      slots[slot] = id + 1;
      slotHashes[slot] = hash;
    }
  }

  private boolean equalsValue(int id, byte[] value, int length) {
    int from = offsets[id];
    return offsets[id + 1] - from == length && Arrays.equals(data, from, from + length, value, 0, length);
  }

  private static int hash(byte[] bytes, int length) {
    return hash(bytes, 0, length);
  }

  private static int hash(byte[] bytes, int from, int length) {
    int hash = 0x9747b28c ^ length;
    for (int i = from; i < from + length; i++) {
      hash = (hash ^ bytes[i]) * 0x01000193;
    }
    return hash ^ (hash >>> 16);
  }

  /** The values as a vector of {@code field}'s type, in code order; the caller owns it. */
  FieldVector values(Field field, BufferAllocator allocator) {
    BaseVariableWidthVector vector = (BaseVariableWidthVector) field.createVector(allocator);
    try {
      vector.allocateNew(Math.max(1, offsets[size]), Math.max(1, size));
      for (int id = 0; id < size; id++) {
        vector.setSafe(id, data, offsets[id], offsets[id + 1] - offsets[id]);
      }
      vector.setValueCount(size);
      return vector;
    } catch (RuntimeException failure) {
      vector.close();
      throw failure;
    }
  }
}
