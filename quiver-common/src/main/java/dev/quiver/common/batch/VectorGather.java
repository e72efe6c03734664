package dev.quiver.common.batch;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Copies chosen rows of a vector into a new one: the one place rows are gathered (selection vectors
 * applied, dictionary codes decoded). Fixed-width and variable-width vectors are copied by address
 * (short strings as whole 8-byte words); other types row by row through Arrow.
 */
public final class VectorGather {
  /** Spare bytes at the end of a gathered data buffer, so short values move as whole 8-byte words. */
  private static final int SLACK = 32;

  private VectorGather() {}

  /**
   * A new vector of {@code field}'s type (owned by the caller) whose row i is row {@code positions[i]}
   * of {@code source}, or null where {@code positions[i]} is -1. Positions must lie inside the
   * source; callers check untrusted positions first.
   */
  public static FieldVector gather(FieldVector source, int[] positions, int count, Field field,
      BufferAllocator allocator) {
    FieldVector target = field.createVector(allocator);
    try {
      if (source instanceof BaseVariableWidthVector variable && target instanceof BaseVariableWidthVector into) {
        variableWidth(variable, positions, count, into);
      } else if (source instanceof BaseFixedWidthVector fixed && !(source instanceof BitVector)
          && target instanceof BaseFixedWidthVector into) {
        fixedWidth(fixed, positions, count, into);
      } else {
        rowByRow(source, positions, count, target);
      }
      return target;
    } catch (RuntimeException failure) {
      target.close();
      throw failure;
    }
  }

  /**
   * Whether the source has no NULLs (false: test each row's bit), when that is cheap to learn for a
   * pass over {@code count} of its rows: counting them reads the whole
   * validity buffer, so a gather of a few rows from a large vector (a join's build side) tests each
   * row's bit instead.
   */
  public static boolean knownWithoutNulls(org.apache.arrow.vector.ValueVector source, int count) {
    return source.getValueCount() <= 4L * count && source.getNullCount() == 0;
  }

  private static void fixedWidth(BaseFixedWidthVector source, int[] positions, int count, BaseFixedWidthVector target) {
    target.setInitialCapacity(Math.max(1, count));
    target.allocateNew();
    int width = source.getTypeWidth();
    long from = source.getDataBuffer().memoryAddress();
    long to = target.getDataBuffer().memoryAddress();
    long validity = source.getValidityBuffer().memoryAddress();
    long targetValidity = target.getValidityBuffer().memoryAddress();
    boolean noNulls = knownWithoutNulls(source, count);
    for (int row = 0; row < count; row++) {
      int position = positions[row];
      if (position < 0 || (!noNulls && !isSet(validity, position))) {
        continue;
      }
      long at = from + (long) position * width;
      long into = to + (long) row * width;
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
      setBit(targetValidity, row);
    }
    target.setValueCount(count);
  }

  private static void variableWidth(BaseVariableWidthVector source, int[] positions, int count,
      BaseVariableWidthVector target) {
    long sourceOffsets = source.getOffsetBuffer().memoryAddress();
    long validity = source.getValidityBuffer().memoryAddress();
    boolean noNulls = knownWithoutNulls(source, count);
    long totalBytes = 0;
    for (int row = 0; row < count; row++) {
      int position = positions[row];
      if (position >= 0 && (noNulls || isSet(validity, position))) {
        totalBytes += MemoryUtil.getInt(sourceOffsets + 4L * position + 4)
            - MemoryUtil.getInt(sourceOffsets + 4L * position);
      }
    }
    allocateVariableWidth(target, totalBytes, count, source.getName());
    long sourceData = source.getDataBuffer().memoryAddress();
    long sourceEnd = source.getDataBuffer().capacity();
    long targetData = target.getDataBuffer().memoryAddress();
    long targetOffsets = target.getOffsetBuffer().memoryAddress();
    long targetValidity = target.getValidityBuffer().memoryAddress();
    int written = 0;
    MemoryUtil.putInt(targetOffsets, 0);
    for (int row = 0; row < count; row++) {
      int position = positions[row];
      if (position >= 0 && (noNulls || isSet(validity, position))) {
        int start = MemoryUtil.getInt(sourceOffsets + 4L * position);
        int length = MemoryUtil.getInt(sourceOffsets + 4L * position + 4) - start;
        copyValue(sourceData, start, length, sourceEnd, targetData + written);
        written += length;
        setBit(targetValidity, row);
      }
      MemoryUtil.putInt(targetOffsets + 4L * (row + 1), written);
    }
    target.setLastSet(count - 1);
    target.setValueCount(count);
  }

  /** Room for {@code totalBytes} of values in {@code count} rows, plus the slack word copies may touch. */
  static void allocateVariableWidth(BaseVariableWidthVector target, long totalBytes, int count, String name) {
    if (totalBytes > Integer.MAX_VALUE - SLACK) {
      throw new QuiverException(ErrorCode.RESOURCE, count + " rows of " + name + " hold " + totalBytes
          + " bytes, more than one vector holds");
    }
    target.allocateNew(totalBytes + SLACK, Math.max(1, count));
  }

  /** Copies one value; a short one as whole 8-byte words when the source has the bytes to read. */
  static void copyValue(long sourceData, int start, int length, long sourceEnd, long target) {
    if (length <= SLACK && start + (long) SLACK <= sourceEnd) {
      for (int word = 0; word < length; word += 8) {
        MemoryUtil.putLong(target + word, MemoryUtil.getLong(sourceData + start + word));
      }
    } else if (length > 0) {
      MemoryUtil.copyMemory(sourceData + start, target, length);
    }
  }

  private static void rowByRow(FieldVector source, int[] positions, int count, FieldVector target) {
    target.setInitialCapacity(Math.max(1, count));
    target.allocateNew();
    for (int row = 0; row < count; row++) {
      int position = positions[row];
      if (position < 0) {
        target.setNull(row);
      } else {
        target.copyFromSafe(position, row, source);
      }
    }
    target.setValueCount(count);
  }

  static boolean isSet(long validity, int row) {
    return (MemoryUtil.getByte(validity + (row >>> 3)) >> (row & 7) & 1) != 0;
  }

  static void setBit(long validity, int row) {
    long at = validity + (row >>> 3);
    MemoryUtil.putByte(at, (byte) (MemoryUtil.getByte(at) | (1 << (row & 7))));
  }
}
