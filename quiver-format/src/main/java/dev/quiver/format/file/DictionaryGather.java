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
    int valueCount = values.getValueCount();
    long totalBytes = 0;
    for (int row = from; row < from + count; row++) {
      if (codes.isNull(row)) {
        continue;
      }
      int code = codes.get(row);
      if (code < 0 || code >= valueCount) {
        throw QuiverException.corrupt(name + ": dictionary code " + code + " at row " + row
            + " is outside the " + valueCount + " dictionary values");
      }
      totalBytes += values.getEndOffset(code) - values.getStartOffset(code);
    }
    if (totalBytes > Integer.MAX_VALUE) {
      throw QuiverException.corrupt(name + ": " + count + " rows gather " + totalBytes + " bytes, more than one vector holds");
    }
    BaseVariableWidthVector result = (BaseVariableWidthVector) field.createVector(allocator);
    try {
      result.allocateNew(Math.max(1, totalBytes), Math.max(1, count));
      // codes were checked above: copy with raw addresses, no per-row bounds checks
      long sourceData = values.getDataBuffer().memoryAddress();
      long sourceOffsets = values.getOffsetBuffer().memoryAddress();
      long codeValues = codes.getDataBuffer().memoryAddress();
      long codeValidity = codes.getValidityBuffer().memoryAddress();
      long targetData = result.getDataBuffer().memoryAddress();
      long targetOffsets = result.getOffsetBuffer().memoryAddress();
      ArrowBuf validity = result.getValidityBuffer();
      int written = 0;
      MemoryUtil.putInt(targetOffsets, 0);
      for (int row = 0; row < count; row++) {
        int codeRow = from + row;
        if ((MemoryUtil.getByte(codeValidity + (codeRow >>> 3)) >> (codeRow & 7) & 1) != 0) {
          int code = MemoryUtil.getInt(codeValues + 4L * codeRow);
          int start = MemoryUtil.getInt(sourceOffsets + 4L * code);
          int length = MemoryUtil.getInt(sourceOffsets + 4L * code + 4) - start;
          if (length <= 8 && length > 0) {
            for (int i = 0; i < length; i++) {
              MemoryUtil.putByte(targetData + written + i, MemoryUtil.getByte(sourceData + start + i));
            }
          } else if (length > 0) {
            MemoryUtil.copyMemory(sourceData + start, targetData + written, length);
          }
          written += length;
          BitVectorHelper.setBit(validity, row);
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
}
