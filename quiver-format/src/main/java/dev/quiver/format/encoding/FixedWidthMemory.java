package dev.quiver.format.encoding;

import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Loops over fixed-width values in Arrow memory (widths 1, 2, 4, 8 and 16), one loop per width so
 * the width is not decided per value. Callers prove the bounds before calling.
 */
final class FixedWidthMemory {
  private FixedWidthMemory() {}

  /** Writes {@code rows} copies of the value (low half, and high half for width 16) at {@code destination}. */
  static void fill(long destination, long rows, int width, long low, long high) {
    switch (width) {
      case 1:
        MemoryUtil.setMemory(destination, rows, (byte) low);
        break;
      case 2: {
        short value = (short) low;
        for (long i = 0; i < rows; i++) {
          MemoryUtil.putShort(destination + 2 * i, value);
        }
        break;
      }
      case 4: {
        int value = (int) low;
        for (long i = 0; i < rows; i++) {
          MemoryUtil.putInt(destination + 4 * i, value);
        }
        break;
      }
      case 8:
        for (long i = 0; i < rows; i++) {
          MemoryUtil.putLong(destination + 8 * i, low);
        }
        break;
      case 16:
        for (long i = 0; i < rows; i++) {
          MemoryUtil.putLong(destination + 16 * i, low);
          MemoryUtil.putLong(destination + 16 * i + 8, high);
        }
        break;
      default:
        throw new IllegalArgumentException("width " + width);
    }
  }

  /** Writes {@code rows} copies of the value stored at {@code source}. */
  static void fillFrom(long source, long destination, long rows, int width) {
    long low = read(source, width);
    long high = width == 16 ? MemoryUtil.getLong(source + 8) : 0;
    fill(destination, rows, width, low, high);
  }

  /** Copies one value. */
  static void copyValue(long source, long destination, int width) {
    switch (width) {
      case 1:
        MemoryUtil.putByte(destination, MemoryUtil.getByte(source));
        break;
      case 2:
        MemoryUtil.putShort(destination, MemoryUtil.getShort(source));
        break;
      case 4:
        MemoryUtil.putInt(destination, MemoryUtil.getInt(source));
        break;
      case 8:
        MemoryUtil.putLong(destination, MemoryUtil.getLong(source));
        break;
      default:
        MemoryUtil.putLong(destination, MemoryUtil.getLong(source));
        MemoryUtil.putLong(destination + 8, MemoryUtil.getLong(source + 8));
        break;
    }
  }

  /** The value at {@code address}, sign-extended (the low half for width 16). */
  static long read(long address, int width) {
    switch (width) {
      case 1:
        return MemoryUtil.getByte(address);
      case 2:
        return MemoryUtil.getShort(address);
      case 4:
        return MemoryUtil.getInt(address);
      default:
        return MemoryUtil.getLong(address);
    }
  }

  /**
   * {@code destination[i] = values[codes[i]]} for {@code rows} int32 codes; stops at the first code
   * outside {@code [0, valueCount)} and returns its row, or returns -1 when all are inside.
   */
  static long gather(long values, int valueCount, long codes, long rows, int width, long destination) {
    switch (width) {
      case 1:
        for (long i = 0; i < rows; i++) {
          int code = MemoryUtil.getInt(codes + 4 * i);
          if (Integer.compareUnsigned(code, valueCount) >= 0) {
            return i;
          }
          MemoryUtil.putByte(destination + i, MemoryUtil.getByte(values + code));
        }
        return -1;
      case 2:
        for (long i = 0; i < rows; i++) {
          int code = MemoryUtil.getInt(codes + 4 * i);
          if (Integer.compareUnsigned(code, valueCount) >= 0) {
            return i;
          }
          MemoryUtil.putShort(destination + 2 * i, MemoryUtil.getShort(values + 2L * code));
        }
        return -1;
      case 4:
        for (long i = 0; i < rows; i++) {
          int code = MemoryUtil.getInt(codes + 4 * i);
          if (Integer.compareUnsigned(code, valueCount) >= 0) {
            return i;
          }
          MemoryUtil.putInt(destination + 4 * i, MemoryUtil.getInt(values + 4L * code));
        }
        return -1;
      case 8:
        for (long i = 0; i < rows; i++) {
          int code = MemoryUtil.getInt(codes + 4 * i);
          if (Integer.compareUnsigned(code, valueCount) >= 0) {
            return i;
          }
          MemoryUtil.putLong(destination + 8 * i, MemoryUtil.getLong(values + 8L * code));
        }
        return -1;
      case 16:
        for (long i = 0; i < rows; i++) {
          int code = MemoryUtil.getInt(codes + 4 * i);
          if (Integer.compareUnsigned(code, valueCount) >= 0) {
            return i;
          }
          MemoryUtil.putLong(destination + 16 * i, MemoryUtil.getLong(values + 16L * code));
          MemoryUtil.putLong(destination + 16 * i + 8, MemoryUtil.getLong(values + 16L * code + 8));
        }
        return -1;
      default:
        throw new IllegalArgumentException("width " + width);
    }
  }

  /**
   * Replaces each value by the running sum of the values so far plus {@code start}, wrapping at the
   * width (the inverse of delta encoding).
   */
  static void prefixSum(long address, long rows, int width, long start) {
    long sum = start;
    switch (width) {
      case 1:
        for (long i = 0; i < rows; i++) {
          sum += MemoryUtil.getByte(address + i);
          MemoryUtil.putByte(address + i, (byte) sum);
        }
        break;
      case 2:
        for (long i = 0; i < rows; i++) {
          sum += MemoryUtil.getShort(address + 2 * i);
          MemoryUtil.putShort(address + 2 * i, (short) sum);
        }
        break;
      case 4:
        for (long i = 0; i < rows; i++) {
          sum += MemoryUtil.getInt(address + 4 * i);
          MemoryUtil.putInt(address + 4 * i, (int) sum);
        }
        break;
      case 8:
        for (long i = 0; i < rows; i++) {
          sum += MemoryUtil.getLong(address + 8 * i);
          MemoryUtil.putLong(address + 8 * i, sum);
        }
        break;
      default:
        throw new IllegalArgumentException("width " + width);
    }
  }
}
