package dev.quiver.exec.aggregate;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.DictionaryIdentity;
import dev.quiver.exec.memory.MemoryReservation;
import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;

/**
 * The groups of one dictionary's codes, for a GROUP BY of one dictionary-encoded column whose dictionary is more than a
 * quarter of a batch ({@link #worthwhile}; a column-wide one: 41,760 URLs for a million hits, or a chunk's 6,000 shared
 * by its batches; smaller ones are grouped by the codes a batch uses, per batch): a slot per code (NULL one more)
 * holds its group, so a row whose value already has a group costs one array read, and a code missing from the slots
 * goes to the hash table once per lookup, however many of the batch's rows hold it (its other rows take the group
 * {@link #remember} gives it). The slots belong to one dictionary ({@link DictionaryIdentity}); a batch bringing
 * another one starts them afresh.
 */
final class CodeGroupIndex implements GroupCache {
  /** The most values of a dictionary tracked (16 MiB of group ids). */
  static final int MAXIMUM_VALUES = 1 << 22;

  private final int ordinal;
  private final String column;
  private final MemoryReservation reservation;
  private DictionaryIdentity dictionary;
  private int[] groupOf = new int[0];
  private int[] slots = new int[0];
  /** Offsets of the last lookup's rows whose code an earlier row of that lookup had missed. */
  private int[] followers = new int[0];
  private int followerCount;
  /** Codes the last lookup missed (marked {@link #PENDING} until {@link #remember}). */
  private int[] pendingCodes = new int[0];
  private int pendingCount;

  /** The slot of a code missed by the lookup under way, before the hash table gives its group. */
  private static final int PENDING = -2;

  private CodeGroupIndex(int ordinal, String column, MemoryReservation reservation) {
    this.ordinal = ordinal;
    this.column = column;
    this.reservation = reservation;
  }

  /**
   * Whether a slice of {@code count} rows whose dictionary holds {@code values} values is better grouped through the
   * slots than by the codes the slice uses: the dictionary is more than a quarter of the slice, so its codes repeat
   * little within one slice and the slots save the hash table most of the lookups of the slices after the first.
   */
  static boolean worthwhile(int values, int count) {
    return 4L * values > count;
  }

  /** An index for a GROUP BY of exactly one column, else null. */
  static CodeGroupIndex create(AggregateSpec spec, String column, MemoryReservation reservation) {
    return spec.keyOrdinals.length == 1 ? new CodeGroupIndex(spec.keyOrdinals[0], column, reservation) : null;
  }

  /**
   * Whether this batch's key is dictionary-encoded with a dictionary that can be tracked (its slots taken afresh
   * when it is not the one tracked, if the memory is granted).
   */
  boolean accepts(Batch batch) {
    if (!batch.isDictionaryEncoded(ordinal)) {
      return false;
    }
    FieldVector values = batch.dictionary(ordinal);
    if (values.getValueCount() >= MAXIMUM_VALUES) {
      return false;
    }
    DictionaryIdentity identity = DictionaryIdentity.of(values);
    if (identity == null) {
      return false;
    }
    if (!identity.sameAs(dictionary)) {
      release();
      dictionary = null;
      int size = identity.size() + 1;
      if (!reservation.tryGrow(4L * size)) {
        groupOf = new int[0];
        return false;
      }
      groupOf = new int[size];
      Arrays.fill(groupOf, -1);
      dictionary = identity;
    }
    return true;
  }

  @Override
  public int lookup(Batch batch, int from, int count, int[] groups, int[] misses) {
    forgetPending();
    if (slots.length < count) {
      slots = new int[count];
      followers = new int[count];
      pendingCodes = new int[count];
    }
    IntVector codes = (IntVector) batch.vector(ordinal);
    int nullCode = dictionary.size();
    long validity = codes.getValidityBuffer().memoryAddress();
    long data = codes.getDataBuffer().memoryAddress();
    int[] selection = batch.selection();
    int missed = 0;
    int following = 0;
    for (int i = 0; i < count; i++) {
      int row = selection == null ? from + i : selection[from + i];
      int code = ValueReader.isSet(validity, row) ? MemoryUtil.getInt(data + 4L * row) : nullCode;
      if (code < 0 || code > nullCode) {
        forgetPending(missed);
        throw QuiverException.corrupt("column " + column + ": dictionary code " + code + " at row " + row
            + " is outside the " + nullCode + " dictionary values");
      }
      slots[i] = code;
      int group = groupOf[code];
      if (group >= 0) {
        groups[i] = group;
      } else if (group == PENDING) {
        followers[following++] = i;
      } else {
        groupOf[code] = PENDING;
        pendingCodes[missed] = code;
        misses[missed++] = i;
      }
    }
    followerCount = following;
    pendingCount = missed;
    return missed;
  }

  @Override
  public void remember(int[] misses, int missed, int[] groups) {
    for (int j = 0; j < missed; j++) {
      int i = misses[j];
      groupOf[slots[i]] = groups[i];
    }
    for (int f = 0; f < followerCount; f++) {
      int i = followers[f];
      groups[i] = groupOf[slots[i]];
    }
    followerCount = 0;
    pendingCount = 0;
  }

  /** Unmarks the codes a lookup left pending without {@link #remember} (its slice was refused or retried). */
  private void forgetPending() {
    forgetPending(pendingCount);
    followerCount = 0;
  }

  private void forgetPending(int count) {
    for (int j = 0; j < count; j++) {
      int code = pendingCodes[j];
      if (code < groupOf.length && groupOf[code] == PENDING) {
        groupOf[code] = -1;
      }
    }
    pendingCount = 0;
  }

  @Override
  public void clear() {
    Arrays.fill(groupOf, -1);
    pendingCount = 0;
  }

  @Override
  public void release() {
    pendingCount = 0;
    followerCount = 0;
    reservation.shrink(4L * groupOf.length);
    groupOf = new int[0];
  }
}
