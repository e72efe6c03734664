package dev.quiver.expression;

import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * An immutable set of long keys, tested row by row: a bitmap over {@code [minimum, maximum]} when that range
 * is at most {@link #BITMAP_LIMIT} bits (one shift and mask per test), else an open-addressing hash set of
 * the keys. Made by {@link #of} from the keys of a join's build side (quiver-exec's runtime join filters);
 * thread-safe once made.
 */
public final class KeyMembers {
  /** The widest range kept as a bitmap: 2^25 bits, 4 MiB. */
  public static final long BITMAP_LIMIT = 1L << 25;

  /** The most bitmap words {@link #anyWithin} reads (a zone's test stays cheap). */
  public static final int SEARCH_WORDS = 4096;

  private static final long EMPTY = Long.MIN_VALUE;
  private static final long MULTIPLIER = 0x9E37_79B9_7F4A_7C15L;

  private final long minimum;
  private final long maximum;
  private final int size;
  /** The bitmap (bit k is key minimum + k), or null when the keys are hashed. */
  private final long[] bits;
  /** The hash set's slots ({@link #EMPTY} free; the key EMPTY itself is {@link #hasEmptyKey}), or null. */
  private final long[] slots;
  private final int shift;
  private final boolean hasEmptyKey;

  private KeyMembers(long minimum, long maximum, int size, long[] bits, long[] slots, int shift,
      boolean hasEmptyKey) {
    this.minimum = minimum;
    this.maximum = maximum;
    this.size = size;
    this.bits = bits;
    this.slots = slots;
    this.shift = shift;
    this.hasEmptyKey = hasEmptyKey;
  }

  /** The set of {@code keys[0, count)} (duplicates allowed), at least one key. */
  public static KeyMembers of(long[] keys, int count) {
    if (count < 1 || count > keys.length) {
      throw new IllegalArgumentException("a key set needs 1 to " + keys.length + " keys, not " + count);
    }
    long low = Long.MAX_VALUE;
    long high = Long.MIN_VALUE;
    for (int i = 0; i < count; i++) {
      low = Math.min(low, keys[i]);
      high = Math.max(high, keys[i]);
    }
    long range = high - low; // may overflow: then it is negative or above the limit
    if (range >= 0 && range < BITMAP_LIMIT) {
      long[] words = new long[(int) (range >>> 6) + 1];
      int distinct = 0;
      for (int i = 0; i < count; i++) {
        long offset = keys[i] - low;
        int word = (int) (offset >>> 6);
        long bit = 1L << offset;
        distinct += (words[word] & bit) == 0 ? 1 : 0;
        words[word] |= bit;
      }
      return new KeyMembers(low, high, distinct, words, null, 0, false);
    }
    int capacity = Integer.highestOneBit(Math.max(2, count) * 2 - 1) * 2; // at least twice the keys
    long[] table = new long[capacity];
    Arrays.fill(table, EMPTY);
    int tableShift = 64 - Integer.numberOfTrailingZeros(capacity);
    int mask = capacity - 1;
    int distinct = 0;
    boolean emptyKey = false;
    for (int i = 0; i < count; i++) {
      long key = keys[i];
      if (key == EMPTY) {
        distinct += emptyKey ? 0 : 1;
        emptyKey = true;
        continue;
      }
      int slot = (int) ((key * MULTIPLIER) >>> tableShift);
      while (table[slot] != EMPTY && table[slot] != key) {
        slot = (slot + 1) & mask;
      }
      if (table[slot] == EMPTY) {
        table[slot] = key;
        distinct++;
      }
    }
    return new KeyMembers(low, high, distinct, null, table, tableShift, emptyKey);
  }

  /** The bytes {@link #of} would hold for {@code count} keys spanning {@code [low, high]}: to reserve first. */
  public static long byteSize(long low, long high, int count) {
    long range = high - low;
    if (range >= 0 && range < BITMAP_LIMIT) {
      return ((range >>> 6) + 1) * 8;
    }
    return 16L * Integer.highestOneBit(Math.max(2, count) * 2 - 1);
  }

  /** The bytes this set holds. */
  public long byteSize() {
    return 8L * (bits != null ? bits.length : slots.length);
  }

  public long minimum() {
    return minimum;
  }

  public long maximum() {
    return maximum;
  }

  /** How many distinct keys. */
  public int size() {
    return size;
  }

  /** Whether the keys are a bitmap (else a hash set). */
  public boolean isBitmap() {
    return bits != null;
  }

  public boolean contains(long key) {
    if (key < minimum || key > maximum) {
      return false;
    }
    if (bits != null) {
      long offset = key - minimum;
      return (bits[(int) (offset >>> 6)] & (1L << offset)) != 0;
    }
    if (key == EMPTY) {
      return hasEmptyKey;
    }
    int mask = slots.length - 1;
    int slot = (int) ((key * MULTIPLIER) >>> shift);
    while (true) {
      long held = slots[slot];
      if (held == key) {
        return true;
      }
      if (held == EMPTY) {
        return false;
      }
      slot = (slot + 1) & mask;
    }
  }

  /**
   * Copies into {@code out} the entries {@code rows[j]} whose {@code keys[j]} is (or, {@code negated}, is
   * not) a member, for j in {@code [0, count)}, in order; returns how many. {@code out} may be {@code rows}.
   */
  public int select(long[] keys, int[] rows, int count, boolean negated, int[] out) {
    int passed = 0;
    int flip = negated ? 1 : 0;
    if (bits != null) {
      long low = minimum;
      long span = maximum - minimum;
      long[] words = bits;
      for (int j = 0; j < count; j++) {
        long offset = keys[j] - low;
        // outside the range: the unsigned comparison fails, and the word read is skipped
        int member = Long.compareUnsigned(offset, span) <= 0
            ? (int) (words[(int) (offset >>> 6)] >>> offset) & 1 : 0;
        out[passed] = rows[j];
        passed += member ^ flip;
      }
      return passed;
    }
    for (int j = 0; j < count; j++) {
      out[passed] = rows[j];
      passed += (contains(keys[j]) ? 1 : 0) ^ flip;
    }
    return passed;
  }

  /**
   * As {@link #select}, the keys read where they lie: {@code width}-byte (4 or 8) signed integers from
   * {@code data}, row r's at {@code data + (offset + r) * width}, for the rows {@code rows[j]} or, with
   * {@code rows} null, the rows {@code j}, {@code j} in {@code [0, count)}; every row's key valid (not null).
   * Copies no key: one pass per batch instead of a gather, then a test.
   */
  public int selectAt(long data, int width, int offset, int[] rows, int count, boolean negated, int[] out) {
    if (width != 4 && width != 8) {
      throw new IllegalArgumentException("keys of " + width + " bytes");
    }
    int flip = negated ? 1 : 0;
    int passed = 0;
    if (bits == null) {
      for (int j = 0; j < count; j++) {
        int row = rows == null ? j : rows[j];
        long address = data + (long) (offset + row) * width;
        long key = width == 8 ? MemoryUtil.getLong(address) : MemoryUtil.getInt(address);
        out[passed] = row;
        passed += (contains(key) ? 1 : 0) ^ flip;
      }
      return passed;
    }
    if (rows == null) {
      return width == 8 ? bitmapLongs(bits, minimum, maximum - minimum, data + 8L * offset, count, flip, out)
          : bitmapInts(bits, minimum, maximum - minimum, data + 4L * offset, count, flip, out);
    }
    long low = minimum;
    long span = maximum - minimum;
    long[] words = bits;
    for (int j = 0; j < count; j++) {
      int row = rows[j];
      long address = data + (long) (offset + row) * width;
      long key = (width == 8 ? MemoryUtil.getLong(address) : MemoryUtil.getInt(address)) - low;
      int member = Long.compareUnsigned(key, span) <= 0 ? (int) (words[(int) (key >>> 6)] >>> key) & 1 : 0;
      out[passed] = row;
      passed += member ^ flip;
    }
    return passed;
  }

  /** The bitmap test over consecutive 8-byte keys from {@code address}: a loop of its own for the compiler. */
  private static int bitmapLongs(long[] words, long low, long span, long address, int count, int flip, int[] out) {
    int passed = 0;
    for (int j = 0; j < count; j++) {
      long key = MemoryUtil.getLong(address + 8L * j) - low;
      int member = Long.compareUnsigned(key, span) <= 0 ? (int) (words[(int) (key >>> 6)] >>> key) & 1 : 0;
      out[passed] = j;
      passed += member ^ flip;
    }
    return passed;
  }

  /** The bitmap test over consecutive 4-byte keys from {@code address}. */
  private static int bitmapInts(long[] words, long low, long span, long address, int count, int flip, int[] out) {
    int passed = 0;
    for (int j = 0; j < count; j++) {
      long key = MemoryUtil.getInt(address + 4L * j) - low;
      int member = Long.compareUnsigned(key, span) <= 0 ? (int) (words[(int) (key >>> 6)] >>> key) & 1 : 0;
      out[passed] = j;
      passed += member ^ flip;
    }
    return passed;
  }

  /**
   * Whether some key may lie in {@code [low, high]}: false only when none does. Exact for a bitmap over at
   * most {@link #SEARCH_WORDS} words of the interval; a range overlap otherwise.
   */
  public boolean anyWithin(long low, long high) {
    long from = Math.max(low, minimum);
    long to = Math.min(high, maximum);
    if (from > to) {
      return false;
    }
    if (bits == null) {
      return true;
    }
    long first = from - minimum;
    long last = to - minimum;
    int firstWord = (int) (first >>> 6);
    int lastWord = (int) (last >>> 6);
    if (lastWord - firstWord > SEARCH_WORDS) {
      return true;
    }
    for (int word = firstWord; word <= lastWord; word++) {
      long mask = -1L;
      if (word == firstWord) {
        mask &= -1L << first;
      }
      if (word == lastWord) {
        mask &= -1L >>> (63 - (last & 63));
      }
      if ((bits[word] & mask) != 0) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return size + (size == 1 ? " key" : " keys") + " in [" + minimum + ", " + maximum + "]";
  }
}
