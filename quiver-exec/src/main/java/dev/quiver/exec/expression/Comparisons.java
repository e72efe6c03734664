package dev.quiver.exec.expression;

import dev.quiver.common.arrow.IntervalValue;
import dev.quiver.expression.ComparisonOperator;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * The orderings SQL compares by, over whole columns: numbers by value (decimals of any scales
 * exactly), floats with NaN equal to itself and above everything and -0.0 equal to 0.0, strings by
 * unsigned UTF-8 bytes, FALSE before TRUE.
 */
final class Comparisons {
  private Comparisons() {}

  /** Per row, the sign of left minus right (NULL rows: anything). Both columns of one kind. */
  static int[] compare(Column left, Column right, int count) {
    int[] result = new int[count];
    if (left instanceof LongColumn a && right instanceof LongColumn b) {
      for (int i = 0; i < count; i++) {
        result[i] = Long.compare(a.values[i], b.values[i]);
      }
    } else if (left instanceof DoubleColumn a && right instanceof DoubleColumn b) {
      for (int i = 0; i < count; i++) {
        result[i] = compareDoubles(a.values[i], b.values[i]);
      }
    } else if (left instanceof DecimalColumn a && right instanceof DecimalColumn b) {
      compareDecimals(a, b, result, count);
    } else if (left instanceof StringColumn a && right instanceof StringColumn b) {
      for (int i = 0; i < count; i++) {
        result[i] = Integer.signum(Arrays.compareUnsigned(a.data, a.offsets[i], a.offsets[i + 1], b.data,
            b.offsets[i], b.offsets[i + 1]));
      }
    } else if (left instanceof IntervalColumn a && right instanceof IntervalColumn b) {
      for (int i = 0; i < count; i++) {
        result[i] = IntervalValue.compare(a.months[i], a.days[i], a.micros[i], b.months[i], b.days[i], b.micros[i]);
      }
    } else if (left instanceof BoolColumn a && right instanceof BoolColumn b) {
      for (int i = 0; i < count; i++) {
        result[i] = Boolean.compare(a.values[i], b.values[i]);
      }
    } else {
      throw new IllegalStateException("cannot compare " + left.getClass().getSimpleName() + " with "
          + right.getClass().getSimpleName());
    }
    return result;
  }

  static int compareDoubles(double left, double right) {
    return Double.compare(left == 0 ? 0.0 : left, right == 0 ? 0.0 : right);
  }

  private static void compareDecimals(DecimalColumn a, DecimalColumn b, int[] result, int count) {
    int scale = Math.max(a.scale, b.scale);
    if (!a.isWide() && !b.isWide()) {
      long leftFactor = Types.powerOfTenOrMinusOne(scale - a.scale);
      long rightFactor = Types.powerOfTenOrMinusOne(scale - b.scale);
      if (leftFactor > 0 && rightFactor > 0) {
        try {
          for (int i = 0; i < count; i++) {
            result[i] = Long.compare(Math.multiplyExact(a.values[i], leftFactor),
                Math.multiplyExact(b.values[i], rightFactor));
          }
          return;
        } catch (ArithmeticException wide) {
          // fall through to the exact wide comparison for this batch
        }
      }
    }
    BigInteger leftFactor = Types.bigPowerOfTen(scale - a.scale);
    BigInteger rightFactor = Types.bigPowerOfTen(scale - b.scale);
    for (int i = 0; i < count; i++) {
      result[i] = a.big(i).multiply(leftFactor).compareTo(b.big(i).multiply(rightFactor));
    }
  }

  /** The rows where {@code compare} satisfies the operator. */
  static boolean[] test(int[] compare, ComparisonOperator operator, int count) {
    boolean[] result = new boolean[count];
    switch (operator) {
      case EQUAL -> {
        for (int i = 0; i < count; i++) {
          result[i] = compare[i] == 0;
        }
      }
      case NOT_EQUAL -> {
        for (int i = 0; i < count; i++) {
          result[i] = compare[i] != 0;
        }
      }
      case LESS -> {
        for (int i = 0; i < count; i++) {
          result[i] = compare[i] < 0;
        }
      }
      case LESS_OR_EQUAL -> {
        for (int i = 0; i < count; i++) {
          result[i] = compare[i] <= 0;
        }
      }
      case GREATER -> {
        for (int i = 0; i < count; i++) {
          result[i] = compare[i] > 0;
        }
      }
      case GREATER_OR_EQUAL -> {
        for (int i = 0; i < count; i++) {
          result[i] = compare[i] >= 0;
        }
      }
    }
    return result;
  }
}
