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

  /**
   * A pattern whose matches all contain its first literal ({@link LikePattern#searchesFirstLiteral}: {@code '%x%'},
   * {@code '%x%y%'}) over values that lie close together in the data buffer searches their bytes copied at once
   * ({@link #filterByRegion}); else {@code LIKE '%needle%'} searches each value in place (no copy) and other shapes
   * copy what they test.
   */
  @Override
  public int filter(FieldVector vector, int offset, int[] rows, int count, int[] out, Scratch scratch) {
    int[] candidates = scratch.candidates(count);
    int valid = Rows.nonNull(vector, offset, rows, count, candidates);
    if (pattern.searchesFirstLiteral() && valid > 0) {
      int passed = filterByRegion(vector, offset, candidates, valid, out, scratch);
      if (passed >= 0) {
        return passed;
      }
    }
    if (contains == null) {
      return super.filter(vector, offset, rows, count, out, scratch);
    }
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

  /**
   * The candidate rows' bytes, from the first one's start to the last one's end, copied into one array (a bulk
   * copy) and searched for the pattern's first literal across value boundaries, a vector at a time: a value
   * passes when an occurrence lies wholly inside it and the rest of the pattern matches after it. When occurrences
   * are rare, as for most LIKE filters, the search runs at the speed of memory instead of starting over at every
   * value. -1 (nothing written) when the candidates' bytes are less than half of that span (a selection that
   * skips most of the buffer), or it passes {@link #MOST_REGION_BYTES}.
   */
  private int filterByRegion(FieldVector vector, int offset, int[] candidates, int valid, int[] out,
      Scratch scratch) {
    long offsets = vector.getOffsetBuffer().memoryAddress();
    long first = MemoryUtil.getInt(offsets + (offset + candidates[0]) * 4L);
    long last = MemoryUtil.getInt(offsets + (offset + candidates[valid - 1]) * 4L + 4);
    long span = last - first;
    if (span > MOST_REGION_BYTES || span <= 0) {
      return -1;
    }
    long used = 0;
    long previousEnd = first;
    for (int j = 0; j < valid; j++) {
      long entry = offsets + (offset + candidates[j]) * 4L;
      int start = MemoryUtil.getInt(entry);
      int end = MemoryUtil.getInt(entry + 4);
      if ((j > 0 && start < previousEnd) || end < start) {
        return -1; // not in buffer order
      }
      used += end - start;
      previousEnd = end;
    }
    if (2 * used < span) {
      return -1;
    }
    int size = (int) span;
    byte[] region = scratch.value(size);
    vector.getDataBuffer().getBytes(first, region, 0, size);
    int literalLength = pattern.firstLiteral().length;
    int passed = 0;
    int found = -1;
    boolean exhausted = false;
    for (int j = 0; j < valid; j++) {
      long entry = offsets + (offset + candidates[j]) * 4L;
      int start = (int) (MemoryUtil.getInt(entry) - first);
      int end = (int) (MemoryUtil.getInt(entry + 4) - first);
      boolean matches = false;
      if (!exhausted) {
        if (found < start) {
          found = pattern.indexOfFirstLiteral(region, start, size);
          exhausted = found < 0;
        }
        matches = !exhausted && found + literalLength <= end && pattern.matchesAfterFirst(region, found, end);
      }
      if (matches != negated) {
        out[passed++] = candidates[j];
      }
    }
    return passed;
  }

  /**
   * The largest span of bytes {@link #filterByRegion} copies (a heap array kept per evaluating thread, outside
   * the memory limit): a batch of a few thousand ordinary strings is far below it, one of very long values goes
   * value by value.
   */
  private static final long MOST_REGION_BYTES = 4L << 20;

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
