package dev.quiver.exec.keys;

import dev.quiver.exec.memory.MemoryReservation;
import java.util.Arrays;

/**
 * An open-addressing hash table of distinct packed row keys: each key gets a dense id (0, 1, ...)
 * in insertion order; the keys are kept in {@link #rows()}. Lookups take a whole {@link KeyRows}
 * batch: every row's slot is probed, hash-equal candidates are compared together with {@link
 * KeyEquality}, the rest move on, until every row is resolved. Memory is reserved through the
 * owner's reservation before the table grows ({@link #tryReserve}). A key of one fixed-width column is
 * looked up row by row against the value kept in its slot instead. Inserting is not thread-safe; once
 * built, any number of threads may {@link #find} at once, each with its own {@link Scratch}.
 */
public final class KeyTable {
  private static final long EMPTY = -1L;

  private final KeyRows rows;
  private final MemoryReservation reservation;
  /**
   * Per slot: EMPTY, or a key's id (low 32 bits) beside the high 32 bits of its hash, so a probe
   * reads one slot to skip keys of other hashes (the slot index comes from the hash's low bits).
   */
  private long[] slots;
  private int mask;
  /**
   * Keys of one fixed-width column ({@link KeyLayout#stride()} 2, no bytes) keep their value beside their
   * id, {@code slots[2 * s]} the value and {@code slots[2 * s + 1]} the id plus one (0: empty, so a new
   * array needs no filling), so a probe reads one cache line and never the key store; the NULL key is not
   * in the slots but in {@link #nullId}.
   */
  private final boolean oneColumn;
  private int nullId = -1;
  /**
   * Keys with ids below this are in the slots; the ones after were added by {@link #appendUnindexed} and go into
   * the slots at the next lookup ({@link #ensureIndexed}).
   */
  private int indexed;
  /** The slot count {@link #tryReserve} chose while keys were unindexed: the slots grow to it when indexed. */
  private int deferredSlotCount;
  private long reserved;
  private final Scratch insertScratch = new Scratch();

  public KeyTable(KeyLayout layout, MemoryReservation reservation) {
    this.reservation = reservation;
    this.rows = new KeyRows(layout, 16);
    this.oneColumn = layout.stride() == 2 && !layout.hasBytes();
    this.slots = new long[oneColumn ? 64 : 32];
    if (!oneColumn) {
      Arrays.fill(slots, EMPTY);
    }
    this.mask = 31;
    this.reserved = heapBytes();
    reservation.grow(reserved);
  }

  /** The distinct keys, by id. */
  public KeyRows rows() {
    return rows;
  }

  public int size() {
    return rows.size();
  }

  /** Heap bytes the table holds (and has reserved). */
  public long heapBytes() {
    return rows.heapBytes() + 8L * slots.length;
  }

  private int slotCount() {
    return mask + 1;
  }

  private long slotBytes(int slotCount) {
    return (oneColumn ? 16L : 8L) * slotCount;
  }

  /**
   * Makes room for {@code moreRows} more keys with {@code moreBytes} more key bytes, reserving the
   * memory first; false (nothing changed) when the reservation is refused.
   */
  public boolean tryReserve(int moreRows, long moreBytes) {
    int needed = rows.size() + moreRows;
    long neededBytes = (long) rows.byteSize() + moreBytes;
    int slotCount = Math.max(slotCount(), deferredSlotCount);
    // at most two thirds full: a probe reads about two slots (neighbours, mostly one cache line)
    while ((long) needed * 3 > 2L * slotCount) {
      slotCount *= 2;
    }
    long after = rows.heapBytesFor(needed, neededBytes) + slotBytes(slotCount);
    if (after > reserved) {
      if (!reservation.tryGrow(after - reserved)) {
        return false;
      }
      reserved = after;
    }
    rows.ensureCapacity(needed, neededBytes);
    if (indexed < rows.size()) {
      deferredSlotCount = slotCount; // reserved now, grown (every key placed once) when next looked up
    } else if (slotCount != slotCount()) {
      grow(slotCount);
    }
    return true;
  }

  private void grow(int slotCount) {
    if (oneColumn) {
      rehashOneColumn(slotCount);
    } else {
      rehash(slotCount);
    }
  }

  /**
   * Appends keys known to be absent (row i of {@code keys} gets id {@code ids[i]}) without placing them in the
   * slots: a caller that finds its keys some other way (a direct index over a bounded key) saves the probes and
   * the slot growth, and the keys go into the slots, all at once at their final size, only if a lookup comes
   * ({@link #findOrInsert}, {@link #find}). Room must have been made with {@link #tryReserve}. A key present
   * already would be there twice: the caller must know it is not.
   */
  public void appendUnindexed(KeyRows keys, int[] ids) {
    int count = keys.size();
    for (int row = 0; row < count; row++) {
      if (oneColumn && keys.fixed[2 * row] != 0) { // NULL: kept by nullId, never in the slots
        if (nullId >= 0) {
          throw new IllegalStateException("the NULL key is in the table already");
        }
        nullId = rows.append(keys, row);
        ids[row] = nullId;
      } else if (oneColumn) {
        ids[row] = rows.appendOneColumn(keys.fixed[2 * row + 1], keys.hashes[row]);
      } else {
        ids[row] = rows.append(keys, row);
      }
    }
  }

  /** Places the keys {@link #appendUnindexed} added in the slots (growing them first when that was deferred). */
  private void ensureIndexed() {
    if (indexed == rows.size()) {
      return;
    }
    if (deferredSlotCount > slotCount()) {
      grow(deferredSlotCount);
    } else if (oneColumn) {
      placeOneColumn(slots, mask, indexed, rows.size());
    } else {
      place(slots, mask, indexed, rows.size());
    }
    deferredSlotCount = 0;
    indexed = rows.size();
  }

  private void rehash(int slotCount) {
    long[] grown = new long[slotCount];
    Arrays.fill(grown, EMPTY);
    place(grown, slotCount - 1, 0, rows.size());
    slots = grown;
    mask = slotCount - 1;
    indexed = rows.size();
  }

  /** Puts keys {@code [from, to)} in {@code table} (one slot a key). */
  private void place(long[] table, int tableMask, int from, int to) {
    for (int id = from; id < to; id++) {
      long hash = rows.hashes[id];
      int slot = (int) hash & tableMask;
      while (table[slot] != EMPTY) {
        slot = (slot + 1) & tableMask;
      }
      table[slot] = entry(id, hash);
    }
  }

  private void rehashOneColumn(int slotCount) {
    long[] grown = new long[2 * slotCount];
    placeOneColumn(grown, slotCount - 1, 0, rows.size());
    slots = grown;
    mask = slotCount - 1;
    indexed = rows.size();
  }

  /** Puts keys {@code [from, to)} of one fixed-width column in {@code table} (value, then id + 1). */
  private void placeOneColumn(long[] table, int tableMask, int from, int to) {
    long[] stored = rows.fixed;
    for (int id = from; id < to; id++) {
      if (id == nullId) {
        continue;
      }
      int slot = (int) rows.hashes[id] & tableMask;
      while (table[2 * slot + 1] != 0) {
        slot = (slot + 1) & tableMask;
      }
      table[2 * slot] = stored[2 * id + 1];
      table[2 * slot + 1] = id + 1L;
    }
  }

  /**
   * Writes into {@code ids[i]} the id of row i of {@code keys}, inserting the keys not yet present
   * (room must have been made with {@link #tryReserve} for {@code keys.size()} rows and bytes).
   */
  public void findOrInsert(KeyRows keys, int[] ids) {
    lookup(keys, ids, true, insertScratch);
  }

  /**
   * Writes into {@code ids[i]} the id of row i of {@code keys}, or -1 when it is not present.
   * Thread-safe against other finds (not against inserts) when each thread passes its own scratch.
   */
  public void find(KeyRows keys, int[] ids, Scratch scratch) {
    lookup(keys, ids, false, scratch);
  }

  /** The arrays one lookup works in: one per thread that looks keys up. */
  public static final class Scratch {
    private int[] pending = new int[0];
    private int[] slotOf = new int[0];
    private int[] compareRows = new int[0];
    private int[] compareIds = new int[0];
    private boolean[] equal = new boolean[0];

    void ensure(int count) {
      if (pending.length < count) {
        pending = new int[count];
        slotOf = new int[count];
        compareRows = new int[count];
        compareIds = new int[count];
        equal = new boolean[count];
      }
    }
  }

  private static long entry(int id, long hash) {
    return (hash & 0xFFFF_FFFF_0000_0000L) | (id & 0xFFFF_FFFFL);
  }

  private void lookup(KeyRows keys, int[] ids, boolean insert, Scratch scratch) {
    ensureIndexed();
    if (oneColumn) {
      lookupOneColumn(keys, ids, insert);
    } else {
      lookupHashed(keys, ids, insert, scratch);
    }
    if (insert) {
      indexed = rows.size(); // the keys a lookup inserts go into the slots as it inserts them
    }
  }

  private void lookupHashed(KeyRows keys, int[] ids, boolean insert, Scratch scratch) {
    int count = keys.size();
    scratch.ensure(count);
    int[] pending = scratch.pending;
    int[] slotOf = scratch.slotOf;
    int[] compareRows = scratch.compareRows;
    int[] compareIds = scratch.compareIds;
    boolean[] equal = scratch.equal;
    long[] hashes = keys.hashes;
    for (int row = 0; row < count; row++) {
      slotOf[row] = (int) hashes[row] & mask;
      pending[row] = row;
    }
    long[] table = slots;
    int pendingCount = count;
    while (pendingCount > 0) {
      int compares = 0;
      int next = 0;
      for (int k = 0; k < pendingCount; k++) {
        int row = pending[k];
        int slot = slotOf[row];
        long entry = table[slot];
        long hash = hashes[row];
        if (entry == EMPTY) {
          int id = -1;
          if (insert) {
            id = rows.append(keys, row);
            table[slot] = entry(id, hash);
          }
          ids[row] = id;
        } else if (((entry ^ hash) & 0xFFFF_FFFF_0000_0000L) == 0) {
          compareRows[compares] = row;
          compareIds[compares++] = (int) entry;
        } else {
          slotOf[row] = (slot + 1) & mask;
          pending[next++] = row;
        }
      }
      KeyEquality.equal(keys, compareRows, rows, compareIds, compares, equal);
      for (int c = 0; c < compares; c++) {
        int row = compareRows[c];
        if (equal[c]) {
          ids[row] = compareIds[c];
        } else {
          slotOf[row] = (slotOf[row] + 1) & mask;
          pending[next++] = row;
        }
      }
      pendingCount = next;
    }
  }

  /**
   * {@link #lookup} for keys of one fixed-width column: row by row, the value compared in the slot the
   * hash leads to (the value and the id share a cache line), NULL keys by {@link #nullId}.
   */
  private void lookupOneColumn(KeyRows keys, int[] ids, boolean insert) {
    int count = keys.size();
    long[] probeFixed = keys.fixed;
    long[] hashes = keys.hashes;
    long[] table = slots;
    int tableMask = mask;
    for (int row = 0; row < count; row++) {
      if (probeFixed[2 * row] != 0) {
        if (nullId < 0 && insert) {
          nullId = rows.append(keys, row);
        }
        ids[row] = nullId;
        continue;
      }
      long value = probeFixed[2 * row + 1];
      int slot = (int) hashes[row] & tableMask;
      while (true) {
        long idPlusOne = table[2 * slot + 1];
        if (idPlusOne == 0) {
          int inserted = -1;
          if (insert) {
            inserted = rows.appendOneColumn(value, hashes[row]);
            table[2 * slot] = value;
            table[2 * slot + 1] = inserted + 1L;
          }
          ids[row] = inserted;
          break;
        }
        if (table[2 * slot] == value) {
          ids[row] = (int) idPlusOne - 1;
          break;
        }
        slot = (slot + 1) & tableMask;
      }
    }
  }

  /** Frees the table's arrays and gives back its reservation. */
  public void release() {
    reservation.shrink(reserved);
    reserved = 0;
    slots = new long[2];
    mask = 0;
  }
}
