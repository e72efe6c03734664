package dev.quiver.format.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Little-endian reads and writes of heap byte arrays (the encoder's output). */
final class LittleEndian {
  private LittleEndian() {}

  private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  static void putInt(byte[] array, int index, int value) {
    INT.set(array, index, value);
  }

  static void putLong(byte[] array, int index, long value) {
    LONG.set(array, index, value);
  }

  static int getInt(byte[] array, int index) {
    return (int) INT.get(array, index);
  }

  static long getLong(byte[] array, int index) {
    return (long) LONG.get(array, index);
  }

  /** Writes the low {@code width} (1, 2, 4 or 8) bytes of {@code value}. */
  static void putValue(byte[] array, int index, int width, long value) {
    switch (width) {
      case 1:
        array[index] = (byte) value;
        break;
      case 2:
        SHORT.set(array, index, (short) value);
        break;
      case 4:
        INT.set(array, index, (int) value);
        break;
      case 8:
        LONG.set(array, index, value);
        break;
      default:
        throw new IllegalArgumentException("width " + width);
    }
  }

  /** Reads a {@code width}-byte (1, 2, 4 or 8) value, sign-extended. */
  static long getValue(byte[] array, int index, int width) {
    switch (width) {
      case 1:
        return array[index];
      case 2:
        return (short) SHORT.get(array, index);
      case 4:
        return (int) INT.get(array, index);
      case 8:
        return (long) LONG.get(array, index);
      default:
        throw new IllegalArgumentException("width " + width);
    }
  }

  /** {@code value} truncated to {@code width} bytes and sign-extended back. */
  static long truncate(long value, int width) {
    switch (width) {
      case 1:
        return (byte) value;
      case 2:
        return (short) value;
      case 4:
        return (int) value;
      default:
        return value;
    }
  }
}
