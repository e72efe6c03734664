package dev.quiver.expression.filter;

import java.nio.ByteOrder;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Whether bytes in memory (an Arrow data buffer, read in place) contain a needle, eight starting positions at a
 * time: a word at each position is compared with the needle's first byte and a word {@code needle.length - 1} further
 * on with its last byte (a zero-byte test on the XOR, SWAR); only positions where both bytes match are compared whole.
 * The zero-byte test may flag a byte that is not zero (a borrow from a zero byte below it), never miss one, so every
 * match is found and flagged positions are checked byte by byte.
 */
final class ContainsSearch {
  private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
  private static final long ONES = 0x0101_0101_0101_0101L;
  private static final long HIGH_BITS = 0x8080_8080_8080_8080L;

  private final byte[] needle;
  private final long firstBytes;
  private final long lastBytes;
  /** For a needle of at least eight bytes: its first and its last eight bytes, as loaded from memory. */
  private final long head;
  private final long tail;

  ContainsSearch(byte[] needle) {
    this.needle = needle.clone();
    this.firstBytes = needle.length == 0 ? 0 : ONES * (needle[0] & 0xFF);
    this.lastBytes = needle.length == 0 ? 0 : ONES * (needle[needle.length - 1] & 0xFF);
    this.head = needle.length >= Long.BYTES ? word(needle, 0) : 0;
    this.tail = needle.length >= Long.BYTES ? word(needle, needle.length - Long.BYTES) : 0;
  }

  private static long word(byte[] bytes, int from) {
    long word = 0;
    for (int i = Long.BYTES - 1; i >= 0; i--) {
      word = word << 8 | (bytes[from + i] & 0xFF);
    }
    return word;
  }

  /** Whether {@code [address, address + length)} contains the needle. */
  boolean containedIn(long address, int length) {
    int size = needle.length;
    if (size == 0) {
      return true;
    }
    int lastStart = length - size;
    int start = 0;
    for (; start + Long.BYTES - 1 <= lastStart; start += Long.BYTES) {
      long firsts = load(address + start) ^ firstBytes;
      long lasts = load(address + start + size - 1) ^ lastBytes;
      long candidates = zeroBytes(firsts) & zeroBytes(lasts);
      while (candidates != 0) {
        int at = start + (Long.numberOfTrailingZeros(candidates) >>> 3);
        if (equalAt(address + at)) {
          return true;
        }
        candidates &= candidates - 1;
      }
    }
    for (; start <= lastStart; start++) {
      if (MemoryUtil.getByte(address + start) == needle[0] && equalAt(address + start)) {
        return true;
      }
    }
    return false;
  }

  private static long load(long address) {
    long word = MemoryUtil.getLong(address);
    return LITTLE_ENDIAN ? word : Long.reverseBytes(word);
  }

  /** The high bit of every zero byte of {@code word} set (and maybe of a 0x01 byte above a zero one). */
  private static long zeroBytes(long word) {
    return (word - ONES) & ~word & HIGH_BITS;
  }

  private boolean equalAt(long address) {
    if (needle.length >= Long.BYTES) {
      // the first and the last eight bytes (overlapping for a needle under sixteen) cover the needle; then the middle
      if (load(address) != head || load(address + needle.length - Long.BYTES) != tail) {
        return false;
      }
      for (int i = Long.BYTES; i < needle.length - Long.BYTES; i++) {
        if (MemoryUtil.getByte(address + i) != needle[i]) {
          return false;
        }
      }
      return true;
    }
    for (int i = 0; i < needle.length; i++) {
      if (MemoryUtil.getByte(address + i) != needle[i]) {
        return false;
      }
    }
    return true;
  }
}
