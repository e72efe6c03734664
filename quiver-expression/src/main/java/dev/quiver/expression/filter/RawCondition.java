package dev.quiver.expression.filter;

import dev.quiver.expression.ComparisonOperator;
import java.math.BigInteger;
import java.util.List;
import java.util.TreeSet;

/**
 * A test on raw values, before clamping to a vector's range: {@code lower <= value <= upper} (null
 * ends are open), or membership in {@code members}; {@code negated} turns it around (NULL stays
 * NULL, so NULL rows never pass either way).
 *
 * @param lower inclusive lower end, or null
 * @param upper inclusive upper end, or null
 * @param members the values of an IN list that a raw value can equal, sorted; null for an interval
 * @param negated whether rows pass when the test fails
 */
record RawCondition(BigInteger lower, BigInteger upper, List<BigInteger> members, boolean negated) {

  /** {@code value <operator> bound}. */
  static RawCondition comparison(ComparisonOperator operator, RawBound bound, boolean negated) {
    BigInteger floor = bound.floor();
    BigInteger ceiling = bound.exact() ? floor : floor.add(BigInteger.ONE);
    return switch (operator) {
      case EQUAL -> new RawCondition(ceiling, floor, null, negated);
      case NOT_EQUAL -> new RawCondition(ceiling, floor, null, !negated);
      case LESS -> new RawCondition(null, bound.exact() ? floor.subtract(BigInteger.ONE) : floor, null, negated);
      case LESS_OR_EQUAL -> new RawCondition(null, floor, null, negated);
      case GREATER -> new RawCondition(floor.add(BigInteger.ONE), null, null, negated);
      case GREATER_OR_EQUAL -> new RawCondition(ceiling, null, null, negated);
    };
  }

  /** {@code low <= value <= high}. */
  static RawCondition between(RawBound low, RawBound high, boolean negated) {
    BigInteger lower = low.exact() ? low.floor() : low.floor().add(BigInteger.ONE);
    return new RawCondition(lower, high.floor(), null, negated);
  }

  /** {@code value IN (bounds)}: only exact bounds can be equal to a raw value. */
  static RawCondition in(List<RawBound> bounds, boolean negated) {
    TreeSet<BigInteger> members = new TreeSet<>();
    for (RawBound bound : bounds) {
      if (bound.exact()) {
        members.add(bound.floor());
      }
    }
    return new RawCondition(null, null, List.copyOf(members), negated);
  }

  /**
   * The interval clamped to {@code [minimum, maximum]}: two values, {@code lower > upper} when empty.
   * Clamping changes nothing, as every raw value lies in that range.
   */
  BigInteger[] clamped(BigInteger minimum, BigInteger maximum) {
    BigInteger low = lower == null ? minimum : lower.max(minimum);
    BigInteger high = upper == null ? maximum : upper.min(maximum);
    if (low.compareTo(maximum) > 0 || high.compareTo(minimum) < 0 || low.compareTo(high) > 0) {
      return new BigInteger[] {maximum, minimum};
    }
    return new BigInteger[] {low, high};
  }

  /** The members inside {@code [minimum, maximum]}. */
  List<BigInteger> membersWithin(BigInteger minimum, BigInteger maximum) {
    return members.stream().filter(value -> value.compareTo(minimum) >= 0 && value.compareTo(maximum) <= 0).toList();
  }
}
