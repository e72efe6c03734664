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
 * The groups of one dictionary's codes, for a GROUP BY of one dictionary-encoded column whose dictionary is larger
 * than a batch (a column-wide one: 41,760 URLs for a million hits; smaller ones are grouped by the codes a batch
 * uses, per batch): a slot per code (NULL one more) holds its group, so a row whose value already has a group costs
 * one array read. The slots belong to one dictionary ({@link DictionaryIdentity}); a batch bringing another one
 * starts them afresh.
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

  private CodeGroupIndex(int ordinal, String column, MemoryReservation reservation) {
    this.ordinal = ordinal;
    this.column = column;
    this.reservation = reservation;
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
    if (slots.length < count) {
      slots = new int[count];
    }
    IntVector codes = (IntVector) batch.vector(ordinal);
    int nullCode = dictionary.size();
    long validity = codes.getValidityBuffer().memoryAddress();
    long data = codes.getDataBuffer().memoryAddress();
    int[] selection = batch.selection();
    int missed = 0;
    for (int i = 0; i < count; i++) {
      int row = selection == null ? from + i : selection[from + i];
      int code = ValueReader.isSet(validity, row) ? MemoryUtil.getInt(data + 4L * row) : nullCode;
      if (code < 0 || code > nullCode) {
        throw QuiverException.corrupt("column " + column + ": dictionary code " + code + " at row " + row
            + " is outside the " + nullCode + " dictionary values");
      }
      slots[i] = code;
      int group = groupOf[code];
      if (group < 0) {
        misses[missed++] = i;
      } else {
        groups[i] = group;
      }
    }
    return missed;
  }

  @Override
  public void remember(int[] misses, int missed, int[] groups) {
    for (int j = 0; j < missed; j++) {
      int i = misses[j];
      groupOf[slots[i]] = groups[i];
    }
  }

  @Override
  public void clear() {
    Arrays.fill(groupOf, -1);
  }

  @Override
  public void release() {
    reservation.shrink(4L * groupOf.length);
    groupOf = new int[0];
  }
}
