package dev.quiver.exec.aggregate;

import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.VectorGather;
import dev.quiver.exec.keys.KeyKind;
import dev.quiver.exec.keys.KeyRows;
import dev.quiver.exec.keys.KeyTable;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.plan.KeyRange;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/**
 * A direct-indexed cache in front of a {@link GroupTable}'s hash table, for integer (and date) group
 * keys whose statistics bound them to a small range: each combination of key values (NULL one more
 * value per key) has a slot holding its group, so a row whose group exists is found with one array
 * read instead of encoding, hashing and probing its key. Rows with no group yet, or with a value
 * outside the range (statistics are a hint, never trusted), go through the hash table, and the
 * groups found there are remembered. The slots map keys to groups of the current table only:
 * {@link #clear} when the table is replaced. Not thread-safe.
 */
final class DirectGroupIndex implements GroupCache {
  /** The most slots one index holds (32 MiB of group ids: TPC-H l_orderkey's 6,000,000 at scale 1). */
  static final long MAX_SLOTS = 1L << 23;

  /**
   * The slots an index over keys of these ranges takes, or -1 when it would exceed {@code maxSlots} (the rule
   * {@link #create} applies, shared with the planner through {@link HashAggregateFactory#directlyIndexed}).
   */
  static long slots(List<KeyRange> ranges, long maxSlots) {
    long size = 1;
    for (KeyRange range : ranges) {
      long width = range.width();
      if (width >= maxSlots) {
        return -1;
      }
      size *= width + 1;
      if (size > maxSlots) {
        return -1;
      }
    }
    return size;
  }

  private final int[] ordinals;
  private final int[] widths;
  private final long[] minimums;
  /** Values per key, NULL included (the last). */
  private final long[] spans;
  private final int[] groupOf;
  private final MemoryReservation reservation;
  private int[] slots = new int[0];
  /** Marks a slot whose group the hash table is finding for an earlier row of the same lookup. */
  private static final int PENDING = -2;
  /** Rows of the last lookup whose key an earlier row of it missed: they take that row's group. */
  private int[] followers = new int[0];
  private int followerCount;
  /** Slots marked PENDING by the last lookup (undone by the next if {@link #remember} never came). */
  private int[] pendingSlots = new int[0];
  private int pendingCount;

  private DirectGroupIndex(int[] ordinals, int[] widths, long[] minimums, long[] spans, int size,
      MemoryReservation reservation) {
    this.ordinals = ordinals;
    this.widths = widths;
    this.minimums = minimums;
    this.spans = spans;
    this.groupOf = new int[size];
    this.reservation = reservation;
    Arrays.fill(groupOf, -1);
  }

  /**
   * An index for the spec's keys, or null when they have no ranges, are not all integers or dates,
   * span more than {@code maxSlots} combinations, or the memory for the slots is refused.
   */
  static DirectGroupIndex create(AggregateSpec spec, MemoryReservation reservation, long maxSlots) {
    List<KeyRange> ranges = spec.keyRanges;
    int keys = spec.keyOrdinals.length;
    if (keys == 0 || ranges.size() != keys) {
      return null;
    }
    long size = slots(ranges, maxSlots);
    if (size < 0) {
      return null;
    }
    int[] widths = new int[keys];
    long[] minimums = new long[keys];
    long[] spans = new long[keys];
    for (int k = 0; k < keys; k++) {
      KeyKind kind = KeyKind.of(spec.input.getFields().get(spec.keyOrdinals[k]).getType());
      if (kind != KeyKind.INT8 && kind != KeyKind.INT16 && kind != KeyKind.INT32 && kind != KeyKind.INT64) {
        return null;
      }
      widths[k] = kind.width();
      minimums[k] = ranges.get(k).minimum();
      spans[k] = ranges.get(k).width() + 1;
    }
    if (!reservation.tryGrow(4L * size)) {
      return null;
    }
    return new DirectGroupIndex(spec.keyOrdinals.clone(), widths, minimums, spans, (int) size, reservation);
  }

  /** Whether this batch's keys can be read here (none dictionary-encoded). */
  boolean accepts(Batch batch) {
    for (int ordinal : ordinals) {
      if (batch.isDictionaryEncoded(ordinal)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Looks up rows {@code [from, from + count)} of the batch (logical rows, through its selection):
   * {@code groups[i]} for each row whose group is known; the others' offsets {@code i} go to
   * {@code misses}, and their number is returned. Of the rows with one new key only the first misses:
   * the rest follow it and get its group in {@link #remember} (clustered keys, TPC-H's four lineitems an
   * order in a row, go to the hash table once a key, not once a row).
   */
  @Override
  public int lookup(Batch batch, int from, int count, int[] groups, int[] misses) {
    if (slots.length < count) {
      slots = new int[count];
      followers = new int[count];
      pendingSlots = new int[count];
    }
    for (int p = 0; p < pendingCount; p++) {
      if (groupOf[pendingSlots[p]] == PENDING) {
        groupOf[pendingSlots[p]] = -1;
      }
    }
    pendingCount = 0;
    followerCount = 0;
    Arrays.fill(slots, 0, count, 0);
    int[] selection = batch.selection();
    long stride = 1;
    for (int k = 0; k < ordinals.length; k++) {
      FieldVector vector = batch.vector(ordinals[k]);
      long data = vector.getDataBuffer().memoryAddress();
      long validity = vector.getValidityBuffer().memoryAddress();
      boolean noNulls = VectorGather.knownWithoutNulls(vector, count);
      int width = widths[k];
      long minimum = minimums[k];
      long span = spans[k];
      for (int i = 0; i < count; i++) {
        if (slots[i] < 0) {
          continue;
        }
        int row = selection == null ? from + i : selection[from + i];
        long index;
        if (!noNulls && !ValueReader.isSet(validity, row)) {
          index = span - 1;
        } else {
          long offset = read(data, row, width) - minimum;
          index = offset >= 0 && offset < span - 1 ? offset : -1;
        }
        slots[i] = index < 0 ? -1 : (int) (slots[i] + index * stride);
      }
      stride *= span;
    }
    int missed = 0;
    for (int i = 0; i < count; i++) {
      int slot = slots[i];
      int group = slot < 0 ? -1 : groupOf[slot];
      if (group >= 0) {
        groups[i] = group;
      } else if (group == PENDING) {
        followers[followerCount++] = i;
      } else {
        if (slot >= 0) {
          groupOf[slot] = PENDING;
          pendingSlots[pendingCount++] = slot;
        }
        misses[missed++] = i;
      }
    }
    return missed;
  }

  /** Remembers the groups the hash table gave the missed rows of the last {@link #lookup}, and gives them to the rows that followed them. */
  @Override
  public void remember(int[] misses, int missed, int[] groups) {
    for (int j = 0; j < missed; j++) {
      int i = misses[j];
      int slot = slots[i];
      if (slot >= 0) {
        groupOf[slot] = groups[i];
      }
    }
    for (int f = 0; f < followerCount; f++) {
      int i = followers[f];
      groups[i] = groupOf[slots[i]];
    }
    followerCount = 0;
    pendingCount = 0;
  }

  /**
   * Groups for the packed keys of {@code rows} through the slots, for an index of one key column (merging another
   * table of the same aggregate): a key the slots know gets its group; one in range but new to the table is
   * appended to {@code keys} without a probe (through {@code fresh}, a scratch) and remembered. The caller
   * guarantees that every key of the table came in through this index and made room for the rows. False, nothing
   * changed, when the index has several keys or a key lies outside its range: the caller then looks them up.
   */
  boolean findOrAppend(KeyRows rows, int[] groups, KeyTable keys, KeyRows fresh) {
    int count = rows.size();
    if (ordinals.length != 1) {
      return false;
    }
    int[] slotOfRow = new int[count];
    for (int r = 0; r < count; r++) {
      long offset = rows.value(r, 0) - minimums[0];
      long index = rows.hasNull(r) ? spans[0] - 1 : offset >= 0 && offset < spans[0] - 1 ? offset : -1;
      if (index < 0) {
        return false;
      }
      slotOfRow[r] = (int) index;
    }
    fresh.clear();
    fresh.ensureCapacity(count, rows.byteSize());
    int[] freshRows = new int[count];
    int freshCount = 0;
    for (int r = 0; r < count; r++) {
      int group = groupOf[slotOfRow[r]];
      if (group >= 0) {
        groups[r] = group;
      } else {
        fresh.append(rows, r);
        freshRows[freshCount++] = r;
      }
    }
    if (freshCount > 0) {
      int[] freshGroups = new int[freshCount];
      keys.appendUnindexed(fresh, freshGroups);
      for (int k = 0; k < freshCount; k++) {
        groups[freshRows[k]] = freshGroups[k];
        groupOf[slotOfRow[freshRows[k]]] = freshGroups[k];
      }
    }
    return true;
  }

  /** Whether every missed row of the last {@link #lookup} ({@code misses[0, missed)}) has a key inside the ranges. */
  boolean inRange(int[] misses, int missed) {
    for (int j = 0; j < missed; j++) {
      if (slots[misses[j]] < 0) {
        return false;
      }
    }
    return true;
  }

  /** Forgets every group (the table they belonged to was replaced). */
  @Override
  public void clear() {
    Arrays.fill(groupOf, -1);
    pendingCount = 0;
  }

  /** Frees the slots' reservation. */
  @Override
  public void release() {
    reservation.shrink(4L * groupOf.length);
  }

  private static long read(long data, int row, int width) {
    return switch (width) {
      case 1 -> MemoryUtil.getByte(data + row);
      case 2 -> MemoryUtil.getShort(data + 2L * row);
      case 4 -> MemoryUtil.getInt(data + 4L * row);
      default -> MemoryUtil.getLong(data + 8L * row);
    };
  }
}
