package dev.quiver.expression.filter;

import dev.quiver.common.stats.ZoneStatistics;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** An interval or IN test on decimals of more than 18 digits, compared as 128-bit integers. */
final class WideDecimalFilter implements ValueFilter {
  private static final BigInteger MINIMUM = BigInteger.ONE.shiftLeft(127).negate();
  private static final BigInteger MAXIMUM = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);
  private static final BigInteger LOW_MASK = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  private final int scale;
  private final long lowerHigh;
  private final long lowerLow;
  private final long upperHigh;
  private final long upperLow;
  /** Members as (high, low) pairs. */
  private final long[] members;
  private final List<BigInteger> memberValues;
  private final BigInteger lower;
  private final BigInteger upper;
  private final boolean negated;

  WideDecimalFilter(ArrowType.Decimal type, RawCondition condition) {
    this.scale = type.getScale();
    this.negated = condition.negated();
    BigInteger[] interval = condition.clamped(MINIMUM, MAXIMUM);
    lower = interval[0];
    upper = interval[1];
    lowerHigh = lower.shiftRight(64).longValue();
    lowerLow = lower.and(LOW_MASK).longValue();
    upperHigh = upper.shiftRight(64).longValue();
    upperLow = upper.and(LOW_MASK).longValue();
    if (condition.members() == null) {
      memberValues = null;
      members = null;
    } else {
      memberValues = condition.membersWithin(MINIMUM, MAXIMUM);
      members = new long[memberValues.size() * 2];
      for (int i = 0; i < memberValues.size(); i++) {
        members[2 * i] = memberValues.get(i).shiftRight(64).longValue();
        members[2 * i + 1] = memberValues.get(i).and(LOW_MASK).longValue();
      }
    }
  }

  private static int compare(long high, long low, long otherHigh, long otherLow) {
    int comparison = Long.compare(high, otherHigh);
    return comparison != 0 ? comparison : Long.compareUnsigned(low, otherLow);
  }

  @Override
  public int filter(FieldVector vector, int offset, int[] rows, int count, int[] out, Scratch scratch) {
    int[] candidates = scratch.candidates(count);
    int valid = Rows.nonNull(vector, offset, rows, count, candidates);
    long data = vector.getDataBuffer().memoryAddress();
    int passed = 0;
    for (int j = 0; j < valid; j++) {
      long address = data + (offset + candidates[j]) * 16L;
      long low = MemoryUtil.getLong(address);
      long high = MemoryUtil.getLong(address + 8);
      boolean inside;
      if (members == null) {
        inside = compare(high, low, lowerHigh, lowerLow) >= 0 && compare(high, low, upperHigh, upperLow) <= 0;
      } else {
        inside = false;
        for (int m = 0; m < members.length && !inside; m += 2) {
          inside = members[m] == high && members[m + 1] == low;
        }
      }
      if (inside != negated) {
        out[passed++] = candidates[j];
      }
    }
    return passed;
  }

  @Override
  public Truth prune(ZoneStatistics statistics) {
    BigInteger zoneMinimum = unscaled(statistics.minimum(), RoundingMode.FLOOR);
    BigInteger zoneMaximum = unscaled(statistics.maximum(), RoundingMode.CEILING);
    Comparator<BigInteger> order = Comparator.naturalOrder();
    if (memberValues != null) {
      boolean exactBounds = !(statistics.minimum() instanceof BigDecimal minimum && minimum.scale() > scale)
          && !(statistics.maximum() instanceof BigDecimal maximum && maximum.scale() > scale);
      return RangePruning.members(statistics, zoneMinimum, zoneMaximum, exactBounds, order, memberValues, negated);
    }
    return RangePruning.interval(statistics, zoneMinimum, zoneMaximum, order,
        new RangePruning.End<>(lower, true), new RangePruning.End<>(upper, true), negated);
  }

  private BigInteger unscaled(Object statistic, RoundingMode rounding) {
    return statistic instanceof BigDecimal value ? value.setScale(scale, rounding).unscaledValue() : null;
  }
}
