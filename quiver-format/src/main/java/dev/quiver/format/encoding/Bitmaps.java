package dev.quiver.format.encoding;

import org.apache.arrow.memory.util.MemoryUtil;

/** Bit operations on Arrow bitmaps (bit i in byte i/8, least significant first). */
final class Bitmaps {
  private Bitmaps() {}

  static long bytesFor(long bits) {
    return (bits + 7) >>> 3;
  }

  static boolean get(long address, long bit) {
    return (MemoryUtil.getByte(address + (bit >>> 3)) >>> (bit & 7) & 1) != 0;
  }

  static void set(long address, long bit, boolean value) {
    long byteAddress = address + (bit >>> 3);
    int mask = 1 << (bit & 7);
    int current = MemoryUtil.getByte(byteAddress);
    MemoryUtil.putByte(byteAddress, (byte) (value ? current | mask : current & ~mask));
  }

  /** Sets bits {@code [from, to)} to {@code value}. */
  static void setRange(long address, long from, long to, boolean value) {
    if (from >= to) {
      return;
    }
    long firstByte = from >>> 3;
    long lastByte = (to - 1) >>> 3;
    if (firstByte == lastByte) {
      int mask = ((1 << (int) (to - from)) - 1) << (int) (from & 7);
      apply(address + firstByte, mask, value);
      return;
    }
    apply(address + firstByte, (0xFF << (int) (from & 7)) & 0xFF, value);
    if (lastByte > firstByte + 1) {
      MemoryUtil.setMemory(address + firstByte + 1, lastByte - firstByte - 1, value ? (byte) -1 : 0);
    }
    int endBits = (int) ((to - 1) & 7) + 1;
    apply(address + lastByte, (1 << endBits) - 1, value);
  }

  private static void apply(long byteAddress, int mask, boolean value) {
    int current = MemoryUtil.getByte(byteAddress);
    MemoryUtil.putByte(byteAddress, (byte) (value ? current | mask : current & ~mask));
  }

  /** Set bits among the first {@code bits}. */
  static long countSetBits(long address, long bits) {
    long count = 0;
    long fullWords = bits >>> 6;
    for (long w = 0; w < fullWords; w++) {
      count += Long.bitCount(MemoryUtil.getLong(address + 8 * w));
    }
    for (long bit = fullWords << 6; bit < bits; bit++) {
      if (get(address, bit)) {
        count++;
      }
    }
    return count;
  }
}
