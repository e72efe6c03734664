package dev.quiver.exec.keys;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/** Turns packed row keys back into Arrow vectors (a hash table's keys as output columns). */
public final class KeyDecoder {
  private KeyDecoder() {}

  /**
   * Column {@code column} of rows {@code ids[0, count)} of {@code rows} as a new vector of {@code
   * field}'s type (owned by the caller).
   */
  public static FieldVector decode(KeyRows rows, int column, int[] ids, int count, Field field,
      BufferAllocator allocator) {
    KeyLayout layout = rows.layout();
    KeyKind kind = layout.kind(column);
    int stride = layout.stride();
    int slot = layout.slot(column);
    long nullBit = 1L << column;
    long[] fixed = rows.fixed;
    FieldVector vector = field.createVector(allocator);
    try {
      if (kind == KeyKind.BYTES) {
        decodeBytes(rows, column, ids, count, (BaseVariableWidthVector) vector);
        return vector;
      }
      vector.setInitialCapacity(Math.max(count, 1));
      vector.allocateNew();
      if (kind == KeyKind.BOOL) {
        BitVector bits = (BitVector) vector;
        for (int i = 0; i < count; i++) {
          int at = ids[i] * stride;
          if ((fixed[at] & nullBit) == 0) {
            bits.set(i, (int) fixed[at + slot]);
          }
        }
        vector.setValueCount(count);
        return vector;
      }
      BaseFixedWidthVector target = (BaseFixedWidthVector) vector;
      long data = target.getDataBuffer().memoryAddress();
      var validity = target.getValidityBuffer();
      for (int i = 0; i < count; i++) {
        int at = ids[i] * stride;
        if ((fixed[at] & nullBit) != 0) {
          continue;
        }
        long value = fixed[at + slot];
        switch (kind) {
          case INT8 -> MemoryUtil.putByte(data + i, (byte) value);
          case INT16 -> MemoryUtil.putShort(data + 2L * i, (short) value);
          case INT32, FLOAT32 -> MemoryUtil.putInt(data + 4L * i, (int) value);
          case INT64, FLOAT64 -> MemoryUtil.putLong(data + 8L * i, value);
          case DECIMAL, INTERVAL -> {
            MemoryUtil.putLong(data + 16L * i, value);
            MemoryUtil.putLong(data + 16L * i + 8, fixed[at + slot + 1]);
          }
          default -> throw new IllegalStateException(kind.toString());
        }
        BitVectorHelper.setBit(validity, i);
      }
      vector.setValueCount(count);
      return vector;
    } catch (RuntimeException failure) {
      vector.close();
      throw failure;
    }
  }

  private static void decodeBytes(KeyRows rows, int column, int[] ids, int count, BaseVariableWidthVector target) {
    KeyLayout layout = rows.layout();
    int stride = layout.stride();
    long nullBit = 1L << column;
    long total = 0;
    for (int i = 0; i < count; i++) {
      total += rows.fixed[ids[i] * stride + layout.slot(column)];
    }
    target.allocateNew(Math.max(total, 1), Math.max(count, 1));
    for (int i = 0; i < count; i++) {
      int id = ids[i];
      int at = id * stride;
      if ((rows.fixed[at] & nullBit) != 0) {
        target.setNull(i);
        continue;
      }
      int offset = rows.byteStart[id];
      for (int before = 0; before < column; before++) {
        if (layout.kind(before) == KeyKind.BYTES) {
          offset += (int) rows.fixed[at + layout.slot(before)];
        }
      }
      target.setSafe(i, rows.bytes, offset, (int) rows.fixed[at + layout.slot(column)]);
    }
    target.setValueCount(count);
  }
}
