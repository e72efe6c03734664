package dev.quiver.expression.filter;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.expression.ComparisonOperator;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/** An interval or IN test on utf8 or binary values, in unsigned byte order (code point order for UTF-8). */
final class BytesFilter extends VariableWidthFilter {
  static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;

  private final RangePruning.End<byte[]> lower;
  private final RangePruning.End<byte[]> upper;
  private final byte[][] members;
  /** The one length an equality's values can have, else -1. */
  private final int equalLength;

  private BytesFilter(RangePruning.End<byte[]> lower, RangePruning.End<byte[]> upper, byte[][] members,
      boolean negated) {
    super(negated);
    this.lower = lower;
    this.upper = upper;
    this.members = members;
    this.equalLength = members == null && lower.value() != null && lower.value() == upper.value() ? lower.value().length
        : -1;
  }

  /** {@code value <operator> literal}. */
  static BytesFilter comparison(ComparisonOperator operator, byte[] literal, boolean negated) {
    RangePruning.End<byte[]> open = new RangePruning.End<>(null, true);
    return switch (operator) {
      case EQUAL, NOT_EQUAL ->
        new BytesFilter(new RangePruning.End<>(literal, true), new RangePruning.End<>(literal, true),
            null, negated != (operator == ComparisonOperator.NOT_EQUAL));
      case LESS -> new BytesFilter(open, new RangePruning.End<>(literal, false), null, negated);
      case LESS_OR_EQUAL -> new BytesFilter(open, new RangePruning.End<>(literal, true), null, negated);
      case GREATER -> new BytesFilter(new RangePruning.End<>(literal, false), open, null, negated);
      case GREATER_OR_EQUAL -> new BytesFilter(new RangePruning.End<>(literal, true), open, null, negated);
    };
  }

  /** {@code low <= value <= high}. */
  static BytesFilter between(byte[] low, byte[] high, boolean negated) {
    return new BytesFilter(new RangePruning.End<>(low, true), new RangePruning.End<>(high, true), null, negated);
  }

  /** {@code value IN (members)}. */
  static BytesFilter in(List<byte[]> members, boolean negated) {
    byte[][] sorted = members.toArray(new byte[0][]);
    Arrays.sort(sorted, ORDER);
    RangePruning.End<byte[]> open = new RangePruning.End<>(null, true);
    return new BytesFilter(open, open, sorted, negated);
  }

  @Override
  int bytesNeeded(int length) {
    return equalLength < 0 || length == equalLength ? length : -1;
  }

  @Override
  boolean passes(byte[] value, int read, int length) {
    return passes(value, length);
  }

  private boolean passes(byte[] value, int length) {
    if (members != null) {
      int low = 0;
      int high = members.length - 1;
      while (low <= high) {
        int middle = (low + high) >>> 1;
        int comparison = Arrays.compareUnsigned(members[middle], 0, members[middle].length, value, 0, length);
        if (comparison == 0) {
          return true;
        }
        if (comparison < 0) {
          low = middle + 1;
        } else {
          high = middle - 1;
        }
      }
      return false;
    }
    byte[] low = lower.value();
    if (low != null) {
      int comparison = Arrays.compareUnsigned(value, 0, length, low, 0, low.length);
      if (comparison < 0 || (comparison == 0 && !lower.inclusive())) {
        return false;
      }
    }
    byte[] high = upper.value();
    if (high != null) {
      int comparison = Arrays.compareUnsigned(value, 0, length, high, 0, high.length);
      return comparison < 0 || (comparison == 0 && upper.inclusive());
    }
    return true;
  }

  @Override
  public Truth prune(ZoneStatistics statistics) {
    byte[] zoneMinimum = statistics.minimum() instanceof byte[] bytes ? bytes : null;
    byte[] zoneMaximum = statistics.maximum() instanceof byte[] bytes ? bytes : null;
    if (members != null) {
      return RangePruning.members(statistics, zoneMinimum, zoneMaximum, !statistics.truncated(), ORDER,
          Arrays.asList(members), negated);
    }
    return RangePruning.interval(statistics, zoneMinimum, zoneMaximum, ORDER, lower, upper, negated);
  }
}
