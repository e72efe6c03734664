package dev.quiver.exec.keys;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;

/**
 * Packs the key columns of a batch into {@link KeyRows}, one loop per column and type over Arrow
 * memory (selection vectors and dictionary codes honoured: a dictionary column's rows read the value
 * its code names), then hashes the packed rows. One instance per thread (it keeps scratch arrays).
 */
public final class KeyEncoder {
  private final KeyLayout layout;
  private int[] valueIndex = new int[0];
  private int[] cursor = new int[0];
  private int[] subset;

  public KeyEncoder(KeyLayout layout) {
    this.layout = layout;
  }

  public KeyLayout layout() {
    return layout;
  }

  /** Packs columns {@code columns} (batch ordinals, in the layout's order) of every row of the batch. */
  public void encode(Batch batch, int[] columns, KeyRows into) {
    encode(batch, columns, null, batch.rowCount(), into);
  }

  /**
   * Packs columns {@code columns} of the batch's rows {@code rows[0, count)} (positions among the
   * batch's rows, as a selection counts them), or of its first {@code count} rows when rows is null.
   */
  public void encode(Batch batch, int[] columns, int[] rows, int count, KeyRows into) {
    subset = rows;
    begin(into, count);
    for (int column = 0; column < columns.length; column++) {
      int ordinal = columns[column];
      FieldVector values = batch.isDictionaryEncoded(ordinal) ? batch.dictionary(ordinal) : batch.vector(ordinal);
      IntVector codes = batch.isDictionaryEncoded(ordinal) ? (IntVector) batch.vector(ordinal) : null;
      indexes(values, codes, batch.selection(), count, batch.schema().getFields().get(ordinal).getName());
      encodeColumn(column, values, count, into);
    }
    finish(into, count, columns.length, batch, columns, null);
    subset = null;
  }

  /** Packs rows {@code 0..count-1} of plain vectors (one per layout column). */
  public void encodeVectors(List<FieldVector> vectors, int count, KeyRows into) {
    encodeVectors(vectors, null, count, into);
  }

  /** Packs rows {@code rows[0, count)} (or {@code 0..count-1} when null) of plain vectors. */
  public void encodeVectors(List<FieldVector> vectors, int[] rows, int count, KeyRows into) {
    subset = rows;
    begin(into, count);
    for (int column = 0; column < vectors.size(); column++) {
      indexes(vectors.get(column), null, null, count, "");
      encodeColumn(column, vectors.get(column), count, into);
    }
    finish(into, count, vectors.size(), null, null, vectors);
    subset = null;
  }

  /** Replaces {@code into}'s rows with one row whose every key column is NULL (packed as {@link #encode} packs NULLs). */
  public void encodeNullRow(KeyRows into) {
    subset = null;
    begin(into, 1);
    into.fixed[0] = layout.columnCount() == 0 ? 0 : (1L << layout.columnCount()) - 1;
    java.util.Arrays.fill(into.byteStart, 0, 2, 0);
    into.hashRows(0);
  }

  private void begin(KeyRows into, int count) {
    into.clear();
    into.ensureCapacity(count, 0);
    java.util.Arrays.fill(into.fixed, 0, count * layout.stride(), 0L);
    into.size = count;
    if (valueIndex.length < count) {
      valueIndex = new int[count];
      cursor = new int[count];
    }
  }

  /** Fills valueIndex with the row of {@code values} each batch row reads (-1: NULL). */
  private void indexes(FieldVector values, IntVector codes, int[] selection, int count, String name) {
    int[] index = valueIndex;
    if (codes == null) {
      boolean noNulls = dev.quiver.common.batch.VectorGather.knownWithoutNulls(values, count);
      long validity = values.getValidityBuffer().memoryAddress();
      for (int row = 0; row < count; row++) {
        int logical = subset == null ? row : subset[row];
        int physical = selection == null ? logical : selection[logical];
        index[row] = noNulls || isSet(validity, physical) ? physical : -1;
      }
      return;
    }
    int valueCount = values.getValueCount();
    boolean noNulls = codes.getNullCount() == 0;
    boolean noNullValues = values.getNullCount() == 0;
    long codeValidity = codes.getValidityBuffer().memoryAddress();
    long codeData = codes.getDataBuffer().memoryAddress();
    long validity = values.getValidityBuffer().memoryAddress();
    for (int row = 0; row < count; row++) {
      int logical = subset == null ? row : subset[row];
      int physical = selection == null ? logical : selection[logical];
      if (!noNulls && !isSet(codeValidity, physical)) {
        index[row] = -1;
        continue;
      }
      int code = MemoryUtil.getInt(codeData + 4L * physical);
      if (code < 0 || code >= valueCount) {
        throw QuiverException.corrupt("column " + name + ": dictionary code " + code + " at row " + physical
            + " is outside the " + valueCount + " dictionary values");
      }
      index[row] = noNullValues || isSet(validity, code) ? code : -1;
    }
  }

  private void encodeColumn(int column, FieldVector values, int count, KeyRows into) {
    int[] index = valueIndex;
    long[] fixed = into.fixed;
    int stride = layout.stride();
    int slot = layout.slot(column);
    long nullBit = 1L << column;
    KeyKind kind = layout.kind(column);
    long data = kind == KeyKind.BYTES ? values.getOffsetBuffer().memoryAddress()
        : values.getDataBuffer().memoryAddress();
    switch (kind) {
      case BOOL -> {
        for (int row = 0; row < count; row++) {
          int at = index[row];
          if (at < 0) {
            fixed[row * stride] |= nullBit;
          } else {
            fixed[row * stride + slot] = isSet(data, at) ? 1 : 0;
          }
        }
      }
      case INT8 -> {
        for (int row = 0; row < count; row++) {
          int at = index[row];
          if (at < 0) {
            fixed[row * stride] |= nullBit;
          } else {
            fixed[row * stride + slot] = MemoryUtil.getByte(data + at);
          }
        }
      }
      case INT16 -> {
        for (int row = 0; row < count; row++) {
          int at = index[row];
          if (at < 0) {
            fixed[row * stride] |= nullBit;
          } else {
            fixed[row * stride + slot] = MemoryUtil.getShort(data + 2L * at);
          }
        }
      }
      case INT32 -> {
        for (int row = 0; row < count; row++) {
          int at = index[row];
          if (at < 0) {
            fixed[row * stride] |= nullBit;
          } else {
            fixed[row * stride + slot] = MemoryUtil.getInt(data + 4L * at);
          }
        }
      }
      case INT64 -> {
        for (int row = 0; row < count; row++) {
          int at = index[row];
          if (at < 0) {
            fixed[row * stride] |= nullBit;
          } else {
            fixed[row * stride + slot] = MemoryUtil.getLong(data + 8L * at);
          }
        }
      }
      case FLOAT32 -> {
        for (int row = 0; row < count; row++) {
          int at = index[row];
          if (at < 0) {
            fixed[row * stride] |= nullBit;
          } else {
            fixed[row * stride + slot] = normalizedBits(Float.intBitsToFloat(MemoryUtil.getInt(data + 4L * at)));
          }
        }
      }
      case FLOAT64 -> {
        for (int row = 0; row < count; row++) {
          int at = index[row];
          if (at < 0) {
            fixed[row * stride] |= nullBit;
          } else {
            fixed[row * stride + slot] = normalizedBits(Double.longBitsToDouble(MemoryUtil.getLong(data + 8L * at)));
          }
        }
      }
      case DECIMAL, INTERVAL -> {
        for (int row = 0; row < count; row++) {
          int at = index[row];
          if (at < 0) {
            fixed[row * stride] |= nullBit;
          } else {
            fixed[row * stride + slot] = MemoryUtil.getLong(data + 16L * at);
            fixed[row * stride + slot + 1] = MemoryUtil.getLong(data + 16L * at + 8);
          }
        }
      }
      case BYTES -> {
        for (int row = 0; row < count; row++) {
          int at = index[row];
          if (at < 0) {
            fixed[row * stride] |= nullBit;
          } else {
            fixed[row * stride + slot] = (long) MemoryUtil.getInt(data + 4L * at + 4)
                - MemoryUtil.getInt(data + 4L * at);
          }
        }
      }
    }
  }

  /** Lays out the byte runs (a second pass over the bytes columns) and hashes every row. */
  private void finish(KeyRows into, int count, int columnCount, Batch batch, int[] columns, List<FieldVector> vectors) {
    int stride = layout.stride();
    if (layout.hasBytes()) {
      long total = 0;
      int[] start = into.byteStart;
      start[0] = 0;
      for (int row = 0; row < count; row++) {
        long length = 0;
        for (int column = 0; column < columnCount; column++) {
          if (layout.kind(column) == KeyKind.BYTES) {
            length += into.fixed[row * stride + layout.slot(column)];
          }
        }
        total += length;
        if (total > Integer.MAX_VALUE - 16) {
          throw QuiverException.user("the keys of one batch hold more than 2 GB");
        }
        start[row + 1] = (int) total;
        cursor[row] = start[row];
      }
      into.ensureCapacity(count, total);
      for (int column = 0; column < columnCount; column++) {
        if (layout.kind(column) != KeyKind.BYTES) {
          continue;
        }
        FieldVector values;
        if (batch != null) {
          int ordinal = columns[column];
          values = batch.isDictionaryEncoded(ordinal) ? batch.dictionary(ordinal) : batch.vector(ordinal);
          IntVector codes = batch.isDictionaryEncoded(ordinal) ? (IntVector) batch.vector(ordinal) : null;
          indexes(values, codes, batch.selection(), count, batch.schema().getFields().get(ordinal).getName());
        } else {
          values = vectors.get(column);
          indexes(values, null, null, count, "");
        }
        copyBytes(values, column, count, into);
      }
    } else {
      java.util.Arrays.fill(into.byteStart, 0, count + 1, 0);
    }
    into.hashRows(0);
  }

  private void copyBytes(FieldVector values, int column, int count, KeyRows into) {
    int[] index = valueIndex;
    long offsets = values.getOffsetBuffer().memoryAddress();
    ArrowBuf data = values.getDataBuffer();
    int stride = layout.stride();
    int slot = layout.slot(column);
    byte[] bytes = into.bytes;
    for (int row = 0; row < count; row++) {
      int at = index[row];
      if (at < 0) {
        continue;
      }
      int length = (int) into.fixed[row * stride + slot];
      if (length > 0) {
        data.getBytes(MemoryUtil.getInt(offsets + 4L * at), bytes, cursor[row], length);
        cursor[row] += length;
      }
    }
  }

  /** A float's bits with every NaN as one NaN and -0.0 as 0.0 (equal for grouping). */
  static long normalizedBits(float value) {
    if (Float.isNaN(value)) {
      return Float.floatToIntBits(Float.NaN);
    }
    return value == 0.0f ? 0 : Float.floatToRawIntBits(value);
  }

  static long normalizedBits(double value) {
    if (Double.isNaN(value)) {
      return Double.doubleToLongBits(Double.NaN);
    }
    return value == 0.0 ? 0 : Double.doubleToRawLongBits(value);
  }

  static boolean isSet(long bits, int row) {
    return (MemoryUtil.getByte(bits + (row >>> 3)) >> (row & 7) & 1) != 0;
  }
}
