package dev.quiver.scan.expression;

import dev.quiver.format.stats.ZoneStatistics;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/** LIKE and starts_with on utf8 or binary values, matched on their bytes. */
final class PatternTest implements ValueTest {
  private final LikePattern pattern;
  private final boolean negated;

  PatternTest(LikePattern pattern, boolean negated) {
    this.pattern = pattern;
    this.negated = negated;
  }

  @Override
  public int filter(FieldVector vector, int offset, int[] rows, int count, int[] out, Scratch scratch) {
    int[] candidates = scratch.candidates(count);
    int valid = Rows.nonNull(vector, offset, rows, count, candidates);
    long offsets = vector.getOffsetBuffer().memoryAddress();
    ArrowBuf data = vector.getDataBuffer();
    boolean prefixOnly = pattern.shape() == LikePattern.Shape.PREFIX;
    int prefixLength = pattern.literal().length;
    int passed = 0;
    for (int j = 0; j < valid; j++) {
      int index = offset + candidates[j];
      int start = MemoryUtil.getInt(offsets + index * 4L);
      int length = MemoryUtil.getInt(offsets + index * 4L + 4) - start;
      // a prefix test reads no more than the prefix
      int read = prefixOnly ? Math.min(length, prefixLength) : length;
      byte[] value = scratch.value(read);
      data.getBytes(start, value, 0, read);
      boolean matches = prefixOnly ? length >= prefixLength && pattern.matches(value, read) : pattern.matches(value, length);
      if (matches != negated) {
        out[passed++] = candidates[j];
      }
    }
    return passed;
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
        return BytesTest.comparison(ComparisonOperator.EQUAL, pattern.literal(), negated).prune(statistics);
      default:
        break;
    }
    byte[] prefix = pattern.literalPrefix();
    if (prefix.length == 0) {
      return Truth.UNKNOWN;
    }
    // every match lies in [prefix, successor(prefix)); a pure prefix pattern matches exactly that range
    Truth range = RangePruning.interval(statistics, zoneMinimum, zoneMaximum, BytesTest.ORDER,
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
