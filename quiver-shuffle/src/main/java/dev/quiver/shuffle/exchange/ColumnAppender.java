package dev.quiver.shuffle.exchange;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Copies chosen rows of a source column to the end of a builder column. Fixed-width columns (not
 * booleans) and 32-bit-offset strings and binaries get loops of their own that grow the target
 * once per call and copy values straight between buffers; everything else (booleans, nested and
 * large types) goes through Arrow's {@code copyFromSafe}, row by row.
 */
abstract class ColumnAppender {

  /**
   * Appends rows {@code rows[from, to)} of {@code source} to {@code target}, whose first
   * {@code targetRows} rows are already set. Value counts are set by the caller when the builder is done.
   */
  abstract void append(FieldVector source, FieldVector target, int targetRows, int[] rows, int from, int to);

  /** The appender for columns of {@code field}. */
  static ColumnAppender of(Field field) {
    ArrowType.ArrowTypeID type = field.getType().getTypeID();
    if (field.getDictionary() == null && field.getChildren().isEmpty()) {
      switch (type) {
        case Int:
        case FloatingPoint:
        case Decimal:
        case Date:
        case Time:
        case Timestamp:
        case Duration:
        case Interval:
        case FixedSizeBinary:
          return FIXED_WIDTH;
        case Utf8:
        case Binary:
          return VARIABLE_WIDTH;
        default:
          break;
      }
    }
    return GENERIC;
  }

  private static final ColumnAppender GENERIC = new ColumnAppender() {
    @Override
    void append(FieldVector source, FieldVector target, int targetRows, int[] rows, int from, int to) {
      int at = targetRows;
      for (int k = from; k < to; k++) {
        target.copyFromSafe(rows[k], at++, source);
      }
    }
  };

  private static final ColumnAppender FIXED_WIDTH = new ColumnAppender() {
    @Override
    void append(FieldVector source, FieldVector target, int targetRows, int[] rows, int from, int to) {
      if (target instanceof BitVector) {
        GENERIC.append(source, target, targetRows, rows, from, to);
        return;
      }
      BaseFixedWidthVector into = (BaseFixedWidthVector) target;
      int needed = targetRows + (to - from);
      while (into.getValueCapacity() < needed) {
        into.reAlloc();
      }
      int width = into.getTypeWidth();
      ArrowBuf sourceValues = source.getDataBuffer();
      ArrowBuf targetValues = into.getDataBuffer();
      ArrowBuf targetValidity = into.getValidityBuffer();
      boolean nulls = source.getNullCount() > 0;
      int at = targetRows;
      for (int k = from; k < to; k++, at++) {
        int row = rows[k];
        if (nulls && source.isNull(row)) {
          continue;
        }
        BitVectorHelper.setBit(targetValidity, at);
        long sourceAt = (long) row * width;
        long targetAt = (long) at * width;
        if (width == 8) {
          targetValues.setLong(targetAt, sourceValues.getLong(sourceAt));
        } else if (width == 4) {
          targetValues.setInt(targetAt, sourceValues.getInt(sourceAt));
        } else {
          targetValues.setBytes(targetAt, sourceValues, sourceAt, width);
        }
      }
    }
  };

  private static final ColumnAppender VARIABLE_WIDTH = new ColumnAppender() {
    @Override
    void append(FieldVector source, FieldVector target, int targetRows, int[] rows, int from, int to) {
      BaseVariableWidthVector into = (BaseVariableWidthVector) target;
      int needed = targetRows + (to - from);
      while (into.getValueCapacity() < needed) {
        into.reallocValidityAndOffsetBuffers();
      }
      ArrowBuf sourceOffsets = source.getOffsetBuffer();
      boolean nulls = source.getNullCount() > 0;
      long bytes = 0;
      for (int k = from; k < to; k++) {
        int row = rows[k];
        if (!nulls || !source.isNull(row)) {
          bytes += sourceOffsets.getInt(row * 4L + 4) - sourceOffsets.getInt(row * 4L);
        }
      }
      ArrowBuf targetOffsets = into.getOffsetBuffer();
      int end = targetOffsets.getInt(targetRows * 4L);
      if (into.getByteCapacity() < end + bytes) {
        into.reallocDataBuffer(end + bytes);
      }
      ArrowBuf sourceData = source.getDataBuffer();
      ArrowBuf targetData = into.getDataBuffer();
      ArrowBuf targetValidity = into.getValidityBuffer();
      int at = targetRows;
      for (int k = from; k < to; k++, at++) {
        int row = rows[k];
        if (!nulls || !source.isNull(row)) {
          int start = sourceOffsets.getInt(row * 4L);
          int length = sourceOffsets.getInt(row * 4L + 4) - start;
          targetData.setBytes(end, sourceData, start, length);
          end += length;
          BitVectorHelper.setBit(targetValidity, at);
        }
        targetOffsets.setInt((at + 1) * 4L, end);
      }
      into.setLastSet(at - 1);
    }
  };
}
