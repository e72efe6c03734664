package dev.quiver.scan.aggregate;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;

/**
 * Fixed-width values read and written as 128-bit two's complement (high and low halves): 1, 2, 4 and
 * 8-byte values sign-extended (signed integers, dates, times, timestamps), 16-byte decimals as
 * stored (little-endian, low half first).
 */
final class ValueAccess {
  private ValueAccess() {}

  /** The value's width in bytes, or -1 when the vector is not of a fixed width this class reads. */
  static int width(FieldVector vector) {
    if (!(vector instanceof BaseFixedWidthVector fixed)) {
      return -1;
    }
    int width = fixed.getTypeWidth();
    return width == 1 || width == 2 || width == 4 || width == 8 || width == 16 ? width : -1;
  }

  /** The low half of the value at {@code index} (the whole value, sign-extended, below 16 bytes). */
  static long low(ArrowBuf data, int width, int index) {
    switch (width) {
      case 1:
        return data.getByte(index);
      case 2:
        return data.getShort(2L * index);
      case 4:
        return data.getInt(4L * index);
      case 8:
        return data.getLong(8L * index);
      default:
        return data.getLong(16L * index);
    }
  }

  /** The high half of the value at {@code index}, whose low half is {@code low}. */
  static long high(ArrowBuf data, int width, int index, long low) {
    return width == 16 ? data.getLong(16L * index + 8) : low >> 63;
  }

  /** Writes a value (already known to fit the vector's type) at {@code index} and marks it valid. */
  static void write(FieldVector vector, int index, long high, long low) {
    int width = width(vector);
    ArrowBuf data = vector.getDataBuffer();
    switch (width) {
      case 1:
        data.setByte(index, (byte) low);
        break;
      case 2:
        data.setShort(2L * index, (short) low);
        break;
      case 4:
        data.setInt(4L * index, (int) low);
        break;
      case 8:
        data.setLong(8L * index, low);
        break;
      case 16:
        data.setLong(16L * index, low);
        data.setLong(16L * index + 8, high);
        break;
      default:
        throw new IllegalStateException("cannot write a value into " + vector.getField());
    }
    BitVectorHelper.setBit(vector.getValidityBuffer(), index);
  }
}
