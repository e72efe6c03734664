package dev.quiver.format.encoding;

import java.util.Arrays;

/**
 * Open-addressing map from long keys to dense ids (0, 1, 2, ... in first-seen order) with a count
 * per id; refuses new keys past a limit so a high-cardinality column costs bounded memory.
 */
final class LongHashTable {
  private final int limit;
  private long[] slotKeys;
  private int[] slotIds; // id + 1; 0 marks an empty slot
  private long[] keys;
  private int[] counts;
  private int size;

  /** A table for at most {@code limit} keys, sized up front for {@code expected} of them. */
  LongHashTable(int limit, int expected) {
    this.limit = limit;
    int capacity = Integer.highestOneBit(Math.max(32, Math.min(limit, expected)) * 2 - 1) * 2;
    slotKeys = new long[capacity];
    slotIds = new int[capacity];
    keys = new long[32];
    counts = new int[32];
  }

  /** The id of {@code key}, added if new; -1 when it is new and the table holds {@code limit} keys. */
  int add(long key) {
    int mask = slotIds.length - 1;
    int slot = hash(key) & mask;
    while (true) {
      int entry = slotIds[slot];
      if (entry == 0) {
        if (size >= limit) {
          return -1;
        }
        int id = size++;
        slotIds[slot] = id + 1;
        slotKeys[slot] = key;
        if (id == keys.length) {
          keys = Arrays.copyOf(keys, id * 2);
          counts = Arrays.copyOf(counts, id * 2);
        }
        keys[id] = key;
        counts[id] = 1;
        if (size * 2 > slotIds.length) {
          grow();
        }
        return id;
      }
      if (slotKeys[slot] == key) {
        counts[entry - 1]++;
        return entry - 1;
      }
      slot = (slot + 1) & mask;
    }
  }

  int size() {
    return size;
  }

  /** The key of each id, {@code size()} entries. */
  long[] keys() {
    return Arrays.copyOf(keys, size);
  }

  int count(int id) {
    return counts[id];
  }

  private void grow() {
    long[] oldKeys = slotKeys;
    int[] oldIds = slotIds;
    slotKeys = new long[oldKeys.length * 2];
    slotIds = new int[oldIds.length * 2];
    int mask = slotIds.length - 1;
    for (int i = 0; i < oldIds.length; i++) {
      if (oldIds[i] != 0) {
        int slot = hash(oldKeys[i]) & mask;
        while (slotIds[slot] != 0) {
          slot = (slot + 1) & mask;
        }
        slotIds[slot] = oldIds[i];
        slotKeys[slot] = oldKeys[i];
      }
    }
  }

  static int hash(long key) {
    long h = key * 0x9E3779B97F4A7C15L;
    h ^= h >>> 29;
    h *= 0xBF58476D1CE4E5B9L;
    return (int) (h ^ (h >>> 32));
  }
}
