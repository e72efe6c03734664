package dev.quiver.format.file;

import dev.quiver.common.QuiverException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Turns codes of a {@link dev.quiver.format.layout.DictLayout} back into values. */
public final class DictionaryGather {
  /** The field the codes of every dict layout decode as: nullable int32. */
  public static final Field CODES_FIELD = Field.nullable("codes", new ArrowType.Int(32, true));

  private DictionaryGather() {}

  /**
   * Rows {@code [from, from+count)} of {@code codes} as a new vector of {@code field}'s type (owned by
   * the caller): one pass to size and check the codes, one to copy the values.
   *
   * @throws QuiverException {@code CORRUPT}, naming {@code name}, when a code is outside the values
   */
  public static FieldVector gather(
      BaseVariableWidthVector values, IntVector codes, int from, int count, Field field, BufferAllocator allocator, String name) {
    if (from < 0 || count < 0 || from > codes.getValueCount() - count) {
      throw new IllegalArgumentException("rows " + from + ".." + (from + count) + " are outside the " + codes.getValueCount() + " codes");
    }
    int valueCount = values.getValueCount();
    long sourceOffsets = values.getOffsetBuffer().memoryAddress();
    long codeValues = codes.getDataBuffer().memoryAddress();
    long codeValidity = codes.getValidityBuffer().memoryAddress();
    boolean noNulls = codes.getNullCount() == 0;
    long totalBytes = 0;
    for (int row = from; row < from + count; row++) {
      if (!noNulls && !isSet(codeValidity, row)) {
        continue;
      }
      int code = MemoryUtil.getInt(codeValues + 4L * row);
      if (code < 0 || code >= valueCount) {
        throw QuiverException.corrupt(name + ": dictionary code " + code + " at row " + row
            + " is outside the " + valueCount + " dictionary values");
      }
      totalBytes += MemoryUtil.getInt(sourceOffsets + 4L * code + 4) - MemoryUtil.getInt(sourceOffsets + 4L * code);
    }
    if (totalBytes > Integer.MAX_VALUE - SLACK) {
      throw QuiverException.corrupt(name + ": " + count + " rows gather " + totalBytes + " bytes, more than one vector holds");
    }
    BaseVariableWidthVector result = (BaseVariableWidthVector) field.createVector(allocator);
    try {
      // SLACK spare bytes let short values move as whole 8-byte words
      result.allocateNew(totalBytes + SLACK, Math.max(1, count));
      long sourceData = values.getDataBuffer().memoryAddress();
      long sourceEnd = values.getDataBuffer().capacity();
      long targetData = result.getDataBuffer().memoryAddress();
      long targetOffsets = result.getOffsetBuffer().memoryAddress();
      long targetValidity = result.getValidityBuffer().memoryAddress();
      int written = 0;
      MemoryUtil.putInt(targetOffsets, 0);
      for (int row = 0; row < count; row++) {
        int codeRow = from + row;
        if (noNulls || isSet(codeValidity, codeRow)) {
          int code = MemoryUtil.getInt(codeValues + 4L * codeRow);
          int start = MemoryUtil.getInt(sourceOffsets + 4L * code);
          int length = MemoryUtil.getInt(sourceOffsets + 4L * code + 4) - start;
          if (length <= SLACK && start + (long) SLACK <= sourceEnd) {
            for (int word = 0; word < length; word += 8) {
              MemoryUtil.putLong(targetData + written + word, MemoryUtil.getLong(sourceData + start + word));
            }
          } else if (length > 0) {
            MemoryUtil.copyMemory(sourceData + start, targetData + written, length);
          }
          written += length;
          long validityByte = targetValidity + (row >>> 3);
          MemoryUtil.putByte(validityByte, (byte) (MemoryUtil.getByte(validityByte) | (1 << (row & 7))));
        }
        MemoryUtil.putInt(targetOffsets + 4L * (row + 1), written);
      }
      result.setLastSet(count - 1);
      result.setValueCount(count);
      return result;
    } catch (RuntimeException failure) {
      result.close();
      throw failure;
    }
  }

  private static final int SLACK = 32;

  private static boolean isSet(long validity, int row) {
    return (MemoryUtil.getByte(validity + (row >>> 3)) >> (row & 7) & 1) != 0;
  }
}
