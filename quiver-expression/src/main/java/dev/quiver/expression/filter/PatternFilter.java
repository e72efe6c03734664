package dev.quiver.expression.filter;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.LikePattern;
import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/** LIKE and starts_with on utf8 or binary values, matched on their bytes. */
final class PatternFilter extends VariableWidthFilter {
  private final LikePattern pattern;
  private final ContainsSearch contains;

  PatternFilter(LikePattern pattern, boolean negated) {
    super(negated);
    this.pattern = pattern;
    this.contains = pattern.shape() == LikePattern.Shape.CONTAINS ? new ContainsSearch(pattern.literal()) : null;
  }

  /** {@code LIKE '%needle%'} searches each value in place (no copy); other shapes copy what they test. */
  @Override
  public int filter(FieldVector vector, int offset, int[] rows, int count, int[] out, Scratch scratch) {
    if (contains == null) {
      return super.filter(vector, offset, rows, count, out, scratch);
    }
    int[] candidates = scratch.candidates(count);
    int valid = Rows.nonNull(vector, offset, rows, count, candidates);
    long offsets = vector.getOffsetBuffer().memoryAddress();
    long data = vector.getDataBuffer().memoryAddress();
    int passed = 0;
    for (int j = 0; j < valid; j++) {
      long entry = offsets + (offset + candidates[j]) * 4L;
      int start = MemoryUtil.getInt(entry);
      int length = MemoryUtil.getInt(entry + 4) - start;
      if (contains.containedIn(data + start, length) != negated) {
        out[passed++] = candidates[j];
      }
    }
    return passed;
  }

  @Override
  int bytesNeeded(int length) {
    if (pattern.shape() != LikePattern.Shape.PREFIX) {
      return length;
    }
    // a prefix test reads no more than the prefix
    return length >= pattern.literal().length ? pattern.literal().length : -1;
  }

  @Override
  boolean passes(byte[] value, int read, int length) {
    return pattern.matches(value, read);
  }

  @Override
  public Truth prune(ZoneStatistics statistics) {
    if (RangePruning.nothing(statistics)) {
      return Truth.FALSE;
    }
    byte[] zoneMinimum = statistics.minimum() instanceof byte[] bytes ? bytes : null;
    byte[] zoneMaximum = statistics.maximum() instanceof byte[] bytes ? bytes : null;
    switch (pattern.shape()) {
      case EVERYTHING:
        return negated ? Truth.FALSE : statistics.nullCount() == 0 ? Truth.TRUE : Truth.UNKNOWN;
      case EXACT:
        return BytesFilter.comparison(ComparisonOperator.EQUAL, pattern.literal(), negated).prune(statistics);
      default:
        break;
    }
    byte[] prefix = pattern.literalPrefix();
    if (prefix.length == 0) {
      return Truth.UNKNOWN;
    }
    // every match lies in [prefix, successor(prefix)); a pure prefix pattern matches exactly that range
    Truth range = RangePruning.interval(statistics, zoneMinimum, zoneMaximum, BytesFilter.ORDER,
        new RangePruning.End<>(prefix, true), new RangePruning.End<>(successor(prefix), false), negated);
    if (pattern.shape() == LikePattern.Shape.PREFIX) {
      return range;
    }
    return !negated && range == Truth.FALSE ? Truth.FALSE : Truth.UNKNOWN;
  }

  /** The smallest byte string above every string starting with {@code prefix}, or null when none. */
  static byte[] successor(byte[] prefix) {
    for (int i = prefix.length - 1; i >= 0; i--) {
      if ((prefix[i] & 0xFF) != 0xFF) {
        byte[] result = Arrays.copyOf(prefix, i + 1);
        result[i]++;
        return result;
      }
    }
    return null;
  }
}
