package dev.quiver.common.batch;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.Field;

/** Turns int32 dictionary codes back into values; every code is checked before it indexes the values. */
public final class DictionaryDecoder {
  private DictionaryDecoder() {}

  /** Rows {@code selection[0, count)} (or {@code 0..count-1} when null) of {@code codes} as values. */
  public static FieldVector decode(FieldVector values, IntVector codes, int[] selection, int count, Field field,
      BufferAllocator allocator) {
    return decode(values, codes, selection, 0, count, field, allocator, "column " + field.getName());
  }

  /**
   * Rows of {@code codes} — {@code selection[0, count)} when a selection is given, else
   * {@code from, from+1, ..., from+count-1} — as a new vector of {@code field}'s type (owned by the
   * caller). A null code is a null value.
   *
   * @throws DictionaryCodeException (CORRUPT), naming {@code name}, when a code is outside the values
   */
  public static FieldVector decode(FieldVector values, IntVector codes, int[] selection, int from, int count,
      Field field, BufferAllocator allocator, String name) {
    if (selection == null && (from < 0 || count < 0 || from > codes.getValueCount() - count)) {
      throw new IllegalArgumentException("rows " + from + ".." + (from + count) + " are outside the "
          + codes.getValueCount() + " codes");
    }
    int valueCount = values.getValueCount();
    long codeValues = codes.getDataBuffer().memoryAddress();
    long codeValidity = codes.getValidityBuffer().memoryAddress();
    boolean noNulls = codes.getNullCount() == 0;
    if (values instanceof BaseVariableWidthVector text && values.getNullCount() == 0) {
      return variableWidth(text, codes, selection, from, count, field, allocator, name);
    }
    int[] positions = new int[count];
    for (int i = 0; i < count; i++) {
      int row = selection == null ? from + i : selection[i];
      if (!noNulls && !VectorGather.isSet(codeValidity, row)) {
        positions[i] = -1;
        continue;
      }
      int code = MemoryUtil.getInt(codeValues + 4L * row);
      if (code < 0 || code >= valueCount) {
        throw new DictionaryCodeException(name, code, row, valueCount);
      }
      positions[i] = code;
    }
    return VectorGather.gather(values, positions, count, field, allocator);
  }

  /**
   * Variable-width values without nulls (what dictionaries hold): two passes over the codes, one to
   * check them and size the result, one to copy, with no positions array in between.
   */
  private static FieldVector variableWidth(BaseVariableWidthVector values, IntVector codes, int[] selection, int from,
      int count, Field field, BufferAllocator allocator, String name) {
    int valueCount = values.getValueCount();
    long sourceOffsets = values.getOffsetBuffer().memoryAddress();
    long codeValues = codes.getDataBuffer().memoryAddress();
    long codeValidity = codes.getValidityBuffer().memoryAddress();
    boolean noNulls = codes.getNullCount() == 0;
    long totalBytes = 0;
    for (int i = 0; i < count; i++) {
      int row = selection == null ? from + i : selection[i];
      if (!noNulls && !VectorGather.isSet(codeValidity, row)) {
        continue;
      }
      int code = MemoryUtil.getInt(codeValues + 4L * row);
      if (code < 0 || code >= valueCount) {
        throw new DictionaryCodeException(name, code, row, valueCount);
      }
      totalBytes += MemoryUtil.getInt(sourceOffsets + 4L * code + 4) - MemoryUtil.getInt(sourceOffsets + 4L * code);
    }
    BaseVariableWidthVector result = (BaseVariableWidthVector) field.createVector(allocator);
    try {
      VectorGather.allocateVariableWidth(result, totalBytes, count, name);
      long sourceData = values.getDataBuffer().memoryAddress();
      long sourceEnd = values.getDataBuffer().capacity();
      long targetData = result.getDataBuffer().memoryAddress();
      long targetOffsets = result.getOffsetBuffer().memoryAddress();
      long targetValidity = result.getValidityBuffer().memoryAddress();
      int written = 0;
      MemoryUtil.putInt(targetOffsets, 0);
      for (int i = 0; i < count; i++) {
        int row = selection == null ? from + i : selection[i];
        if (noNulls || VectorGather.isSet(codeValidity, row)) {
          int code = MemoryUtil.getInt(codeValues + 4L * row);
          int start = MemoryUtil.getInt(sourceOffsets + 4L * code);
          int length = MemoryUtil.getInt(sourceOffsets + 4L * code + 4) - start;
          VectorGather.copyValue(sourceData, start, length, sourceEnd, targetData + written);
          written += length;
          VectorGather.setBit(targetValidity, i);
        }
        MemoryUtil.putInt(targetOffsets + 4L * (i + 1), written);
      }
      result.setLastSet(count - 1);
      result.setValueCount(count);
      return result;
    } catch (RuntimeException failure) {
      result.close();
      throw failure;
    }
  }
}
