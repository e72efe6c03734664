package dev.quiver.format.encoding;

import java.util.Arrays;

/**
 * Open-addressing map from the values of a {@link BinaryColumn} to dense ids in first-seen order,
 * remembering the first row of each id and a count; refuses new values past a limit.
 */
final class BinaryHashTable {
  private final BinaryColumn column;
  private final int limit;
  private int[] slotIds; // id + 1; 0 marks an empty slot
  private int[] slotHashes;
  private int[] firstRows;
  private int[] counts;
  private int size;

  /** A table for at most {@code limit} values of {@code column}, sized up front for {@code expected}. */
  BinaryHashTable(BinaryColumn column, int limit, int expected) {
    this.column = column;
    this.limit = limit;
    int capacity = Integer.highestOneBit(Math.max(32, Math.min(limit, expected)) * 2 - 1) * 2;
    slotIds = new int[capacity];
    slotHashes = new int[capacity];
    firstRows = new int[32];
    counts = new int[32];
  }

  /** The id of row {@code row}'s value, added if new; -1 when new and the table is full. */
  int add(int row) {
    int hash = hash(column.data(), column.start(row), column.length(row));
    int mask = slotIds.length - 1;
    int slot = hash & mask;
    while (true) {
      int entry = slotIds[slot];
      if (entry == 0) {
        if (size >= limit) {
          return -1;
        }
        int id = size++;
        slotIds[slot] = id + 1;
        slotHashes[slot] = hash;
        if (id == firstRows.length) {
          firstRows = Arrays.copyOf(firstRows, id * 2);
          counts = Arrays.copyOf(counts, id * 2);
        }
        firstRows[id] = row;
        counts[id] = 1;
        if (size * 2 > slotIds.length) {
          grow();
        }
        return id;
      }
      if (slotHashes[slot] == hash && column.sameValue(firstRows[entry - 1], row)) {
        counts[entry - 1]++;
        return entry - 1;
      }
      slot = (slot + 1) & mask;
    }
  }

  int size() {
    return size;
  }

  /** The first row holding each id's value, {@code size()} entries. */
  int[] firstRows() {
    return Arrays.copyOf(firstRows, size);
  }

  int count(int id) {
    return counts[id];
  }

  private void grow() {
    int[] oldIds = slotIds;
    int[] oldHashes = slotHashes;
    slotIds = new int[oldIds.length * 2];
    slotHashes = new int[oldIds.length * 2];
    int mask = slotIds.length - 1;
    for (int i = 0; i < oldIds.length; i++) {
      if (oldIds[i] != 0) {
        int slot = oldHashes[i] & mask;
        while (slotIds[slot] != 0) {
          slot = (slot + 1) & mask;
        }
        slotIds[slot] = oldIds[i];
        slotHashes[slot] = oldHashes[i];
      }
    }
  }

  private static int hash(byte[] data, int start, int length) {
    long h = 0x27D4EB2F165667C5L ^ length;
    int i = start;
    int end = start + length;
    for (; i + 8 <= end; i += 8) {
      h = (h ^ LittleEndian.getLong(data, i)) * 0x9E3779B97F4A7C15L;
      h = Long.rotateLeft(h, 31);
    }
    for (; i < end; i++) {
      h = (h ^ data[i]) * 0x100000001B3L;
    }
    return LongHashTable.hash(h);
  }
}
