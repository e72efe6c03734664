package dev.quiver.exec.sort;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Gathers rows from many dense batches of one schema into new vectors: output row i is row
 * {@code rows[i]} of source batch {@code sources[i]}. Sources are registered once (their buffer
 * addresses are read then) and stay readable until {@link #truncate}; fixed-width and
 * variable-width columns are copied by address, other types row by row through Arrow. Not
 * thread-safe.
 */
final class RowGather {
  private final Schema schema;
  private final List<FieldVector[]> sources = new ArrayList<>();
  /** Per column, per source: validity, data and offset addresses, and whether it has nulls. */
  private final long[][] validity;
  private final long[][] data;
  private final long[][] offsets;
  private final boolean[][] nulls;

  RowGather(Schema schema) {
    this.schema = schema;
    int columns = schema.getFields().size();
    validity = new long[columns][16];
    data = new long[columns][16];
    offsets = new long[columns][16];
    nulls = new boolean[columns][16];
  }

  /** Registers a dense batch (kept open by the caller while registered); returns its source id. */
  int add(FieldVector[] columns) {
    int id = sources.size();
    sources.add(columns);
    for (int column = 0; column < columns.length; column++) {
      if (validity[column].length <= id) {
        int size = Math.max(16, 2 * id);
        validity[column] = java.util.Arrays.copyOf(validity[column], size);
        data[column] = java.util.Arrays.copyOf(data[column], size);
        offsets[column] = java.util.Arrays.copyOf(offsets[column], size);
        nulls[column] = java.util.Arrays.copyOf(nulls[column], size);
      }
      FieldVector vector = columns[column];
      if (vector instanceof BaseFixedWidthVector || vector instanceof BaseVariableWidthVector) {
        validity[column][id] = vector.getValidityBuffer().memoryAddress();
        data[column][id] = vector.getDataBuffer().memoryAddress();
        nulls[column][id] = vector.getNullCount() != 0;
        if (vector instanceof BaseVariableWidthVector) {
          offsets[column][id] = vector.getOffsetBuffer().memoryAddress();
        }
      }
    }
    return id;
  }

  /** Sources registered. */
  int size() {
    return sources.size();
  }

  /** Forgets every source from {@code count} on. */
  void truncate(int count) {
    while (sources.size() > count) {
      sources.remove(sources.size() - 1);
    }
  }

  /** The batch of {@code count} gathered rows, one vector per column (owned by the caller). */
  FieldVector[] gather(int[] sourceIds, int[] rows, int count, BufferAllocator allocator) {
    FieldVector[] result = new FieldVector[schema.getFields().size()];
    try {
      for (int column = 0; column < result.length; column++) {
        result[column] = gather(column, sourceIds, rows, count, allocator);
      }
      return result;
    } catch (RuntimeException failure) {
      for (FieldVector vector : result) {
        if (vector != null) {
          vector.close();
        }
      }
      throw failure;
    }
  }

  private FieldVector gather(int column, int[] sourceIds, int[] rows, int count, BufferAllocator allocator) {
    Field field = schema.getFields().get(column);
    FieldVector target = field.createVector(allocator);
    try {
      FieldVector first = sources.isEmpty() ? target : sources.get(0)[column];
      if (target instanceof BaseVariableWidthVector variable && first instanceof BaseVariableWidthVector) {
        variableWidth(column, sourceIds, rows, count, variable);
      } else if (target instanceof BaseFixedWidthVector fixed && !(target instanceof BitVector)
          && first instanceof BaseFixedWidthVector) {
        fixedWidth(column, sourceIds, rows, count, fixed);
      } else {
        target.setInitialCapacity(Math.max(1, count));
        target.allocateNew();
        for (int i = 0; i < count; i++) {
          target.copyFromSafe(rows[i], i, sources.get(sourceIds[i])[column]);
        }
        target.setValueCount(count);
      }
      return target;
    } catch (RuntimeException failure) {
      target.close();
      throw failure;
    }
  }

  private void fixedWidth(int column, int[] sourceIds, int[] rows, int count, BaseFixedWidthVector target) {
    target.setInitialCapacity(Math.max(1, count));
    target.allocateNew();
    int width = target.getTypeWidth();
    long[] validities = validity[column];
    long[] datas = data[column];
    boolean[] hasNulls = nulls[column];
    long to = target.getDataBuffer().memoryAddress();
    long toValidity = target.getValidityBuffer().memoryAddress();
    for (int i = 0; i < count; i++) {
      int source = sourceIds[i];
      int row = rows[i];
      if (hasNulls[source] && !isSet(validities[source], row)) {
        continue;
      }
      long at = datas[source] + (long) row * width;
      long into = to + (long) i * width;
      switch (width) {
        case 16 -> {
          MemoryUtil.putLong(into, MemoryUtil.getLong(at));
          MemoryUtil.putLong(into + 8, MemoryUtil.getLong(at + 8));
        }
        case 8 -> MemoryUtil.putLong(into, MemoryUtil.getLong(at));
        case 4 -> MemoryUtil.putInt(into, MemoryUtil.getInt(at));
        case 2 -> MemoryUtil.putShort(into, MemoryUtil.getShort(at));
        case 1 -> MemoryUtil.putByte(into, MemoryUtil.getByte(at));
        default -> MemoryUtil.copyMemory(at, into, width);
      }
      setBit(toValidity, i);
    }
    target.setValueCount(count);
  }

  private void variableWidth(int column, int[] sourceIds, int[] rows, int count, BaseVariableWidthVector target) {
    long[] validities = validity[column];
    long[] datas = data[column];
    long[] offsetAddresses = offsets[column];
    boolean[] hasNulls = nulls[column];
    long total = 0;
    for (int i = 0; i < count; i++) {
      int source = sourceIds[i];
      int row = rows[i];
      if (!hasNulls[source] || isSet(validities[source], row)) {
        long at = offsetAddresses[source] + 4L * row;
        total += MemoryUtil.getInt(at + 4) - MemoryUtil.getInt(at);
      }
    }
    if (total > Integer.MAX_VALUE - 64) {
      throw new QuiverException(ErrorCode.RESOURCE, "Sort: " + count + " rows of " + target.getName() + " hold "
          + total + " bytes, more than one vector holds");
    }
    target.allocateNew(Math.max(1, total), Math.max(1, count));
    long to = target.getDataBuffer().memoryAddress();
    long toOffsets = target.getOffsetBuffer().memoryAddress();
    long toValidity = target.getValidityBuffer().memoryAddress();
    int written = 0;
    MemoryUtil.putInt(toOffsets, 0);
    for (int i = 0; i < count; i++) {
      int source = sourceIds[i];
      int row = rows[i];
      if (!hasNulls[source] || isSet(validities[source], row)) {
        long at = offsetAddresses[source] + 4L * row;
        int start = MemoryUtil.getInt(at);
        int length = MemoryUtil.getInt(at + 4) - start;
        if (length > 0) {
          MemoryUtil.copyMemory(datas[source] + start, to + written, length);
        }
        written += length;
        setBit(toValidity, i);
      }
      MemoryUtil.putInt(toOffsets + 4L * (i + 1), written);
    }
    target.setLastSet(count - 1);
    target.setValueCount(count);
  }

  private static boolean isSet(long validity, int row) {
    return (MemoryUtil.getByte(validity + (row >>> 3)) >> (row & 7) & 1) != 0;
  }

  private static void setBit(long validity, int row) {
    long at = validity + (row >>> 3);
    MemoryUtil.putByte(at, (byte) (MemoryUtil.getByte(at) | (1 << (row & 7))));
  }
}
