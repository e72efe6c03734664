package dev.quiver.shuffle.exchange;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Copies chosen rows of a source column to the end of a builder column. Fixed-width columns (not
 * booleans) and 32-bit-offset strings and binaries get loops of their own: the target grows once per
 * call, every buffer is checked once against the rows it must hold, and values then move by address
 * (Arrow's per-access checks cost more than the copies: a volatile reference-count read each).
 * Every other type (booleans, nested and large types) goes through Arrow's {@code copyFromSafe}.
 */
abstract class ColumnAppender {

  /**
   * Appends rows {@code rows[from, to)} of {@code source} ({@code sourceRows} rows long) to
   * {@code target}, whose first {@code targetRows} rows are set. Value counts are set by the caller
   * when the builder is done.
   */
  abstract void append(FieldVector source, int sourceRows, FieldVector target, int targetRows, int[] rows, int from,
      int to);

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
    void append(FieldVector source, int sourceRows, FieldVector target, int targetRows, int[] rows, int from, int to) {
      int at = targetRows;
      for (int k = from; k < to; k++) {
        target.copyFromSafe(rows[k], at++, source);
      }
    }
  };

  private static boolean isSet(long validity, int row) {
    return (MemoryUtil.getByte(validity + (row >>> 3)) & (1 << (row & 7))) != 0;
  }

  private static void set(long validity, int row) {
    long address = validity + (row >>> 3);
    MemoryUtil.putByte(address, (byte) (MemoryUtil.getByte(address) | (1 << (row & 7))));
  }

  /** Whether {@code buffer} holds at least {@code bytes}: raw access below stays inside it. */
  private static boolean holds(ArrowBuf buffer, long bytes) {
    return buffer != null && buffer.capacity() >= bytes;
  }

  private static void requireCapacity(ArrowBuf buffer, long bytes, FieldVector vector, String what) {
    if (!holds(buffer, bytes)) {
      throw new QuiverException(ErrorCode.INTERNAL, "column " + vector.getName() + ": its " + what + " buffer holds "
          + (buffer == null ? 0 : buffer.capacity()) + " bytes, fewer than its rows need (" + bytes + ")");
    }
  }

  private static final ColumnAppender FIXED_WIDTH = new ColumnAppender() {
    @Override
    void append(FieldVector source, int sourceRows, FieldVector target, int targetRows, int[] rows, int from, int to) {
      if (target instanceof BitVector) {
        GENERIC.append(source, sourceRows, target, targetRows, rows, from, to);
        return;
      }
      BaseFixedWidthVector into = (BaseFixedWidthVector) target;
      int needed = targetRows + (to - from);
      while (into.getValueCapacity() < needed) {
        into.reAlloc();
      }
      int width = into.getTypeWidth();
      if (!holds(source.getDataBuffer(), (long) sourceRows * width)
          || !holds(source.getValidityBuffer(), (sourceRows + 7) / 8)) {
        GENERIC.append(source, sourceRows, target, targetRows, rows, from, to);
        return;
      }
      requireCapacity(into.getDataBuffer(), (long) needed * width, into, "value");
      requireCapacity(into.getValidityBuffer(), (needed + 7) / 8, into, "validity");
      long sourceValues = source.getDataBuffer().memoryAddress();
      long sourceValidity = source.getValidityBuffer().memoryAddress();
      long targetValues = into.getDataBuffer().memoryAddress();
      long targetValidity = into.getValidityBuffer().memoryAddress();
      int at = targetRows;
      for (int k = from; k < to; k++, at++) {
        int row = rows[k];
        if (row < 0 || row >= sourceRows) {
          throw new IndexOutOfBoundsException("row " + row + " of " + sourceRows);
        }
        if (!isSet(sourceValidity, row)) {
          continue;
        }
        set(targetValidity, at);
        long sourceAt = sourceValues + (long) row * width;
        long targetAt = targetValues + (long) at * width;
        switch (width) {
          case 8:
            MemoryUtil.putLong(targetAt, MemoryUtil.getLong(sourceAt));
            break;
          case 4:
            MemoryUtil.putInt(targetAt, MemoryUtil.getInt(sourceAt));
            break;
          case 16:
            MemoryUtil.putLong(targetAt, MemoryUtil.getLong(sourceAt));
            MemoryUtil.putLong(targetAt + 8, MemoryUtil.getLong(sourceAt + 8));
            break;
          default:
            MemoryUtil.copyMemory(sourceAt, targetAt, width);
            break;
        }
      }
    }
  };

  private static final ColumnAppender VARIABLE_WIDTH = new ColumnAppender() {
    @Override
    void append(FieldVector source, int sourceRows, FieldVector target, int targetRows, int[] rows, int from, int to) {
      BaseVariableWidthVector into = (BaseVariableWidthVector) target;
      int needed = targetRows + (to - from);
      while (into.getValueCapacity() < needed) {
        into.reallocValidityAndOffsetBuffers();
      }
      ArrowBuf sourceData = source.getDataBuffer();
      if (sourceData == null || !holds(source.getOffsetBuffer(), (sourceRows + 1) * 4L)
          || !holds(source.getValidityBuffer(), (sourceRows + 7) / 8)) {
        GENERIC.append(source, sourceRows, target, targetRows, rows, from, to);
        return;
      }
      requireCapacity(into.getOffsetBuffer(), (needed + 1) * 4L, into, "offset");
      requireCapacity(into.getValidityBuffer(), (needed + 7) / 8, into, "validity");
      long sourceOffsets = source.getOffsetBuffer().memoryAddress();
      long sourceValidity = source.getValidityBuffer().memoryAddress();
      long dataCapacity = sourceData.capacity();
      long bytes = 0;
      for (int k = from; k < to; k++) {
        int row = rows[k];
        if (row < 0 || row >= sourceRows) {
          throw new IndexOutOfBoundsException("row " + row + " of " + sourceRows);
        }
        if (isSet(sourceValidity, row)) {
          int start = MemoryUtil.getInt(sourceOffsets + row * 4L);
          int end = MemoryUtil.getInt(sourceOffsets + row * 4L + 4);
          if (start < 0 || end < start || end > dataCapacity) {
            throw new QuiverException(ErrorCode.INTERNAL, "column " + source.getName() + " row " + row + ": offsets "
                + start + ".." + end + " are outside its data buffer of " + dataCapacity + " bytes");
          }
          bytes += end - start;
        }
      }
      long targetOffsets = into.getOffsetBuffer().memoryAddress();
      int end = MemoryUtil.getInt(targetOffsets + targetRows * 4L);
      if (into.getByteCapacity() < end + bytes) {
        into.reallocDataBuffer(end + bytes);
      }
      requireCapacity(into.getDataBuffer(), end + bytes, into, "data");
      long sourceAddress = sourceData.memoryAddress();
      long targetData = into.getDataBuffer().memoryAddress();
      long targetValidity = into.getValidityBuffer().memoryAddress();
      int at = targetRows;
      for (int k = from; k < to; k++, at++) {
        int row = rows[k];
        if (isSet(sourceValidity, row)) {
          int start = MemoryUtil.getInt(sourceOffsets + row * 4L);
          int length = MemoryUtil.getInt(sourceOffsets + row * 4L + 4) - start;
          MemoryUtil.copyMemory(sourceAddress + start, targetData + end, length);
          end += length;
          set(targetValidity, at);
        }
        MemoryUtil.putInt(targetOffsets + (at + 1) * 4L, end);
      }
      into.setLastSet(at - 1);
    }
  };
}
