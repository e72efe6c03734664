package dev.quiver.expression.filter;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.expression.KeyMembers;
import dev.quiver.expression.KeySet;
import org.apache.arrow.vector.FieldVector;

/**
 * The test of a {@link KeySet}: the rows whose value is (negated: is not) one of the keys; NULL passes
 * neither. A zone passes pruning only when its value range holds a key ({@link KeyMembers#anyWithin}), so
 * a scan of a column sorted by the key skips the zones the build side has no key in.
 */
final class KeySetFilter implements ValueFilter {
  private final KeyType keyType;
  private final KeyMembers members;
  private final boolean negated;

  KeySetFilter(KeySet set, boolean negated) {
    this.keyType = KeyType.of(set.column().type());
    this.members = set.members();
    this.negated = negated;
  }

  @Override
  public int filter(FieldVector vector, int offset, int[] rows, int count, int[] out, Scratch scratch) {
    int width = keyType == KeyType.INT64 ? 8 : keyType == KeyType.INT32 ? 4 : 0;
    if (width != 0 && vector.getNullCount() == 0) {
      return members.selectAt(vector.getDataBuffer().memoryAddress(), width, offset, rows, count, negated, out);
    }
    int[] candidates = scratch.candidates(count);
    int valid = Rows.nonNull(vector, offset, rows, count, candidates);
    long[] keys = scratch.keys(valid);
    keyType.read(vector, offset, candidates, valid, keys);
    return members.select(keys, candidates, valid, negated, out);
  }

  @Override
  public Truth prune(ZoneStatistics statistics) {
    Long low = keyType.minimumKey(statistics.minimum(), false, 0);
    Long high = keyType.maximumKey(statistics.maximum(), false, 0);
    if (low == null || high == null) {
      return Truth.UNKNOWN;
    }
    boolean anyMember = members.anyWithin(low, high);
    if (negated) {
      // every value of the zone is one key that is a member: none passes NOT IN
      return low.longValue() == high.longValue() && members.contains(low) ? Truth.FALSE : Truth.UNKNOWN;
    }
    return anyMember ? Truth.UNKNOWN : Truth.FALSE;
  }
}
