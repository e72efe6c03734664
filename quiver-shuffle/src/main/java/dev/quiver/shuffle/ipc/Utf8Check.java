package dev.quiver.shuffle.ipc;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/** Strict UTF-8 validation (no overlongs, no surrogates, nothing above U+10FFFF) over Arrow memory. */
public final class Utf8Check {
  private Utf8Check() {}

  /**
   * The index of the first byte of the first invalid sequence in {@code [start, end)}, or -1.
   * Bounds are checked once here; the loop reads memory directly.
   */
  public static long firstInvalid(ArrowBuf data, long start, long end) {
    if (start < 0 || end > data.capacity() || start > end) {
      throw new IndexOutOfBoundsException("range " + start + ".." + end + " outside " + data.capacity());
    }
    long address = data.memoryAddress();
    long position = start;
    while (position < end) {
      if (position + 8 <= end && (MemoryUtil.getLong(address + position) & 0x8080808080808080L) == 0) {
        position += 8;
        continue;
      }
      int lead = MemoryUtil.getByte(address + position) & 0xFF;
      if (lead < 0x80) {
        position++;
        continue;
      }
      int needed;
      int minimum;
      if (lead >= 0xC2 && lead <= 0xDF) {
        needed = 1;
        minimum = 0x80;
      } else if (lead >= 0xE0 && lead <= 0xEF) {
        needed = 2;
        minimum = 0x800;
      } else if (lead >= 0xF0 && lead <= 0xF4) {
        needed = 3;
        minimum = 0x10000;
      } else {
        return position;
      }
      if (position + needed >= end) {
        return position;
      }
      int codePoint = lead & (0x3F >>> needed);
      for (int i = 1; i <= needed; i++) {
        int next = MemoryUtil.getByte(address + position + i) & 0xFF;
        if ((next & 0xC0) != 0x80) {
          return position;
        }
        codePoint = (codePoint << 6) | (next & 0x3F);
      }
      if (codePoint < minimum || codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF)) {
        return position;
      }
      position += needed + 1;
    }
    return -1;
  }

  /** Whether {@code value} is a UTF-8 continuation byte (10xxxxxx). */
  public static boolean isContinuation(byte value) {
    return (value & 0xC0) == 0x80;
  }
}
