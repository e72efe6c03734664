package dev.quiver.format.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * An FSST symbol table: at most {@link #MAXIMUM_SYMBOLS} symbols of 1 to 8 bytes, code c standing
 * for symbol c, code {@link #ESCAPE} for "the next byte is a literal". Symbols are held as
 * little-endian longs whose bytes past the symbol's length are zero. Serialized (buffer 0 of an
 * fsst node) as count u64 symbols then count u8 lengths.
 *
 * <p>Encoding finds the longest symbol at each position (symbols of two or more bytes indexed by
 * their first two bytes, longest first; single-byte symbols by a direct table). Decoding writes
 * each symbol as one 8-byte word and advances by its length ({@link #expand}).
 */
final class FsstSymbolTable {
  /** Most symbols in a table; code 255 is the escape. */
  static final int MAXIMUM_SYMBOLS = 255;
  /** The code that says "the next byte is a literal". */
  static final int ESCAPE = 255;
  /** Longest symbol. */
  static final int MAXIMUM_SYMBOL_LENGTH = 8;
  /** Bytes per symbol in the serialized table: 8 of symbol, 1 of length. */
  static final int SERIALIZED_BYTES_PER_SYMBOL = 9;

  /** {@link #expand} result: a code at or above the symbol count that is not the escape. */
  static final long BAD_CODE = -1;
  /** {@link #expand} result: an escape as the last code of a row. */
  static final long ESCAPE_AT_END = -2;
  /** {@link #expand} result: the row decodes past the end of the output. */
  static final long OVERFLOW = -3;

  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final boolean BIG_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;

  final int count;
  /** Symbol per code (little-endian, zero past its length); 0 for codes at or above count. */
  final long[] symbols = new long[256];
  /** Length per code; 0 for codes at or above count and for the escape. */
  final int[] lengths = new int[256];
  /** Symbols in native byte order, for word writes to memory. */
  private final long[] nativeSymbols = new long[256];
  /** Code of the single-byte symbol per byte value, or -1. */
  private final int[] byteCodes = new int[256];
  /** Codes of symbols of 2+ bytes, grouped by their first two bytes, longest first. */
  private final int[] prefixStarts = new int[65537];
  private final int[] prefixCodes;

  FsstSymbolTable(long[] symbolValues, int[] symbolLengths, int count) {
    this.count = count;
    Arrays.fill(byteCodes, -1);
    int[] perPrefix = new int[65536];
    for (int code = 0; code < count; code++) {
      symbols[code] = symbolValues[code];
      lengths[code] = symbolLengths[code];
      nativeSymbols[code] = BIG_ENDIAN ? Long.reverseBytes(symbolValues[code]) : symbolValues[code];
      if (symbolLengths[code] == 1) {
        byteCodes[(int) symbolValues[code] & 0xFF] = code;
      } else {
        perPrefix[(int) symbolValues[code] & 0xFFFF]++;
      }
    }
    for (int prefix = 0; prefix < 65536; prefix++) {
      prefixStarts[prefix + 1] = prefixStarts[prefix] + perPrefix[prefix];
    }
    prefixCodes = new int[prefixStarts[65536]];
    int[] fill = Arrays.copyOf(prefixStarts, 65536);
    for (int length = MAXIMUM_SYMBOL_LENGTH; length >= 2; length--) {
      for (int code = 0; code < count; code++) {
        if (symbolLengths[code] == length) {
          prefixCodes[fill[(int) symbolValues[code] & 0xFFFF]++] = code;
        }
      }
    }
  }

  /** Mask of the low {@code length} bytes of a long. */
  static long mask(int length) {
    return length >= 8 ? -1L : (1L << (8 * length)) - 1;
  }

  /** Up to 8 bytes of {@code data} from {@code position}, little-endian, zero past {@code end}. */
  static long word(byte[] data, int position, int end) {
    int available = end - position;
    if (available >= 8 && position + 8 <= data.length) {
      return (long) LONG.get(data, position);
    }
    long word = 0;
    int take = Math.min(available, 8);
    for (int i = 0; i < take; i++) {
      word |= (data[position + i] & 0xFFL) << (8 * i);
    }
    return word;
  }

  /**
   * The code of the longest symbol that {@code word} (the next {@code available} bytes) starts
   * with, or -1 when no symbol does (the byte is escaped).
   */
  int longestMatch(long word, int available) {
    if (available >= 2) {
      int prefix = (int) word & 0xFFFF;
      for (int i = prefixStarts[prefix], end = prefixStarts[prefix + 1]; i < end; i++) {
        int code = prefixCodes[i];
        int length = lengths[code];
        if (length <= available && (word & mask(length)) == symbols[code]) {
          return code;
        }
      }
    }
    return byteCodes[(int) word & 0xFF];
  }

  /** Bytes of the serialized table. */
  int serializedBytes() {
    return count * SERIALIZED_BYTES_PER_SYMBOL;
  }

  byte[] serialize() {
    byte[] out = new byte[serializedBytes()];
    for (int code = 0; code < count; code++) {
      LittleEndian.putLong(out, 8 * code, symbols[code]);
      out[8 * count + code] = (byte) lengths[code];
    }
    return out;
  }

  /**
   * Decodes the compressed bytes {@code [codes, codesEnd)} of one row into memory at {@code out},
   * which may hold up to {@code outEnd}: the new output position, or {@link #BAD_CODE},
   * {@link #ESCAPE_AT_END} or {@link #OVERFLOW}. Symbols are written as whole 8-byte words while
   * there is room for one per code; the rest symbol by symbol within bounds.
   */
  long expand(long codes, long codesEnd, long out, long outEnd) {
    long position = codes;
    long target = out;
    if (outEnd - target >= 8 * (codesEnd - position)) {
      while (position < codesEnd) {
        int code = MemoryUtil.getByte(position) & 0xFF;
        int length = lengths[code];
        if (length != 0) {
          MemoryUtil.putLong(target, nativeSymbols[code]);
          target += length;
          position++;
        } else if (code != ESCAPE) {
          return BAD_CODE;
        } else if (position + 1 >= codesEnd) {
          return ESCAPE_AT_END;
        } else {
          MemoryUtil.putByte(target++, MemoryUtil.getByte(position + 1));
          position += 2;
        }
      }
      return target;
    }
    while (position < codesEnd) {
      int code = MemoryUtil.getByte(position) & 0xFF;
      int length = lengths[code];
      if (length != 0) {
        if (outEnd - target < length) {
          return OVERFLOW;
        }
        if (outEnd - target >= 8) {
          MemoryUtil.putLong(target, nativeSymbols[code]);
        } else {
          long symbol = symbols[code];
          for (int i = 0; i < length; i++) {
            MemoryUtil.putByte(target + i, (byte) (symbol >>> (8 * i)));
          }
        }
        target += length;
        position++;
      } else if (code != ESCAPE) {
        return BAD_CODE;
      } else if (position + 1 >= codesEnd) {
        return ESCAPE_AT_END;
      } else {
        if (target >= outEnd) {
          return OVERFLOW;
        }
        MemoryUtil.putByte(target++, MemoryUtil.getByte(position + 1));
        position += 2;
      }
    }
    return target;
  }

  /**
   * The decompressed length of the compressed bytes {@code [codes, codesEnd)}, or {@link #BAD_CODE}
   * or {@link #ESCAPE_AT_END}; writes nothing.
   */
  long measure(long codes, long codesEnd) {
    long total = 0;
    long position = codes;
    while (position < codesEnd) {
      int code = MemoryUtil.getByte(position) & 0xFF;
      int length = lengths[code];
      if (length != 0) {
        total += length;
        position++;
      } else if (code != ESCAPE) {
        return BAD_CODE;
      } else if (position + 1 >= codesEnd) {
        return ESCAPE_AT_END;
      } else {
        total++;
        position += 2;
      }
    }
    return total;
  }
}
