package dev.quiver.exec.expression;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code a <op> b} on decimals of any scales, exact at the result's precision and scale: the exact
 * value rounded half up (away from zero) to the result scale. Computed as scaled longs (overflow
 * detected by {@code Math.*Exact}); a batch where a step does not fit is recomputed with BigDecimal.
 * A result past the precision is a USER error; so is a zero divisor.
 */
final class DecimalArithmeticNode extends Node {
  private final Operator operator;
  private final Node left;
  private final Node right;
  private final int precision;
  private final int scale;

  DecimalArithmeticNode(Operator operator, Node left, Node right, ArrowType type) {
    super(type);
    this.operator = operator;
    this.left = left;
    this.right = right;
    this.precision = Types.precision(type);
    this.scale = Types.scale(type);
  }

  @Override
  Column evaluate(EvaluationContext context) {
    DecimalColumn a;
    DecimalColumn b;
    boolean constantLeft = constant(left);
    if (operator != Operator.DIVIDE && operator != Operator.MODULO && (constantLeft || constant(right))) {
      // the column side evaluated once, whether the one pass with the constant succeeds or the general path follows
      DecimalColumn column = (DecimalColumn) (constantLeft ? right : left).evaluate(context);
      Column withConstant = withConstant(column, constantLeft, context.count);
      if (withConstant != null) {
        return withConstant;
      }
      a = constantLeft ? (DecimalColumn) left.evaluate(context) : column;
      b = constantLeft ? column : (DecimalColumn) right.evaluate(context);
    } else {
      a = (DecimalColumn) left.evaluate(context);
      b = (DecimalColumn) right.evaluate(context);
    }
    int count = context.count;
    boolean[] nulls = Column.union(a.nulls, b.nulls, count);
    if (operator == Operator.DIVIDE || operator == Operator.MODULO) {
      checkDivisors(b, nulls, count);
    }
    if (!a.isWide() && !b.isWide()) {
      try {
        DecimalColumn result = longs(a, b, count);
        ArithmeticNode.zeroNullRows(result.values, nulls);
        checkPrecision(result);
        return new DecimalColumn(scale, result.values, nulls).withBound(result.knownBound());
      } catch (ArithmeticException tooWide) {
        // recomputed exactly below
      }
    }
    return wide(a, b, nulls, count);
  }

  /**
   * {@code column <op> constant} or {@code constant <op> column} for +, - and * when the constant (the left operand
   * when {@code constantLeft}, else the right) is a non-NULL decimal that fits a long: the constant scaled once, one
   * pass over the column's longs, no column of the constant made; null when the column is wide or a step does not fit
   * a long (the general path then computes it).
   */
  private Column withConstant(DecimalColumn column, boolean constantLeft, int count) {
    DecimalColumn constant = (DecimalColumn) ((LiteralNode) (constantLeft ? left : right)).value;
    if (column.isWide()) {
      return null;
    }
    long[] x = column.values;
    long[] result = new long[count];
    long k = constant.values[0];
    int resultScale;
    long resultBound;
    try {
      if (operator == Operator.MULTIPLY) {
        resultScale = column.scale + constant.scale;
        resultBound = DecimalColumn.productBound(column.bound(), DecimalColumn.magnitude(k));
        if (resultBound >= 0) { // no product can overflow: the plain loop
          for (int i = 0; i < count; i++) {
            result[i] = x[i] * k;
          }
        } else {
          for (int i = 0; i < count; i++) {
            result[i] = Math.multiplyExact(x[i], k);
          }
        }
      } else {
        resultScale = Math.max(column.scale, constant.scale);
        long scaledConstant = Math.multiplyExact(k, factor(resultScale - constant.scale));
        long columnFactor = factor(resultScale - column.scale);
        boolean add = operator == Operator.ADD;
        resultBound = DecimalColumn.sumBound(DecimalColumn.productBound(column.bound(), columnFactor),
            DecimalColumn.magnitude(scaledConstant));
        if (resultBound >= 0 && columnFactor == 1) {
          plainWithConstant(x, scaledConstant, add, constantLeft, result, count);
        } else {
          for (int i = 0; i < count; i++) { // the tests on loop-invariant flags are hoisted by the JIT
            long value = columnFactor == 1 ? x[i] : Math.multiplyExact(x[i], columnFactor);
            result[i] = add ? Math.addExact(value, scaledConstant)
                : constantLeft ? Math.subtractExact(scaledConstant, value) : Math.subtractExact(value, scaledConstant);
          }
        }
      }
      resultBound = rescale(result, resultScale, resultBound);
    } catch (ArithmeticException tooWide) {
      return null;
    }
    boolean[] nulls = column.nulls == null ? null : column.nulls.clone();
    ArithmeticNode.zeroNullRows(result, nulls);
    DecimalColumn computed = new DecimalColumn(scale, result, nulls).withBound(resultBound);
    checkPrecision(computed);
    return computed;
  }

  /** {@code x[i] + c}, {@code c - x[i]} or {@code x[i] - c} where no result can overflow: one loop each. */
  private static void plainWithConstant(long[] x, long c, boolean add, boolean constantLeft, long[] result,
      int count) {
    if (add) {
      for (int i = 0; i < count; i++) {
        result[i] = x[i] + c;
      }
    } else if (constantLeft) {
      for (int i = 0; i < count; i++) {
        result[i] = c - x[i];
      }
    } else {
      for (int i = 0; i < count; i++) {
        result[i] = x[i] - c;
      }
    }
  }

  /** Whether a node is a non-NULL decimal constant that fits a long. */
  private static boolean constant(Node node) {
    return node instanceof LiteralNode literal && !literal.isNull() && literal.value instanceof DecimalColumn decimal
        && !decimal.isWide();
  }

  /**
   * Brings {@code result} from {@code resultScale} to this node's scale (as {@link #longs} does); returns the
   * rescaled values' bound from theirs ({@code bound}, UNBOUNDED when unknown).
   */
  private long rescale(long[] result, int resultScale, long bound) {
    if (resultScale < scale) {
      long factor = factor(scale - resultScale);
      long scaledBound = DecimalColumn.productBound(bound, factor);
      if (scaledBound >= 0) {
        for (int i = 0; i < result.length; i++) {
          result[i] = result[i] * factor;
        }
      } else {
        for (int i = 0; i < result.length; i++) {
          result[i] = Math.multiplyExact(result[i], factor);
        }
      }
      return scaledBound;
    } else if (resultScale > scale) {
      long factor = factor(resultScale - scale);
      for (int i = 0; i < result.length; i++) {
        result[i] = roundDivide(result[i], factor);
      }
      return bound < 0 ? DecimalColumn.UNBOUNDED : bound / factor + 1; // rounding adds at most one
    }
    return bound;
  }

  private static void checkDivisors(DecimalColumn divisors, boolean[] nulls, int count) {
    for (int i = 0; i < count; i++) {
      boolean zero = divisors.isWide() ? divisors.wide[i].signum() == 0 : divisors.values[i] == 0;
      if (zero && (nulls == null || !nulls[i])) {
        throw Errors.divisionByZero();
      }
    }
  }

  /** The result's values (not yet zeroed at NULL rows) and their bound, as a column at this node's scale. */
  private DecimalColumn longs(DecimalColumn a, DecimalColumn b, int count) {
    long[] x = a.values;
    long[] y = b.values;
    long[] result = new long[count];
    int resultScale;
    long bound = DecimalColumn.UNBOUNDED;
    switch (operator) {
      case ADD, SUBTRACT, MODULO -> {
        resultScale = Math.max(a.scale, b.scale);
        long leftFactor = factor(resultScale - a.scale);
        long rightFactor = factor(resultScale - b.scale);
        if (operator != Operator.MODULO) {
          bound = DecimalColumn.sumBound(DecimalColumn.productBound(a.bound(), leftFactor),
              DecimalColumn.productBound(b.bound(), rightFactor));
        }
        if (bound >= 0) { // no step can overflow: plain loops
          addOrSubtract(x, leftFactor, y, rightFactor, operator == Operator.ADD, result, count);
        } else if (operator == Operator.ADD && leftFactor == 1 && rightFactor == 1) {
          for (int i = 0; i < count; i++) {
            result[i] = Math.addExact(x[i], y[i]);
          }
        } else if (operator == Operator.SUBTRACT && leftFactor == 1 && rightFactor == 1) {
          for (int i = 0; i < count; i++) {
            result[i] = Math.subtractExact(x[i], y[i]);
          }
        } else if (operator == Operator.ADD) {
          for (int i = 0; i < count; i++) {
            result[i] = Math.addExact(Math.multiplyExact(x[i], leftFactor), Math.multiplyExact(y[i], rightFactor));
          }
        } else if (operator == Operator.SUBTRACT) {
          for (int i = 0; i < count; i++) {
            result[i] = Math.subtractExact(Math.multiplyExact(x[i], leftFactor),
                Math.multiplyExact(y[i], rightFactor));
          }
        } else {
          for (int i = 0; i < count; i++) {
            long right = Math.multiplyExact(y[i], rightFactor);
            result[i] = right == 0 ? 0 : Math.multiplyExact(x[i], leftFactor) % right;
          }
        }
      }
      case MULTIPLY -> {
        resultScale = a.scale + b.scale;
        bound = DecimalColumn.productBound(a.bound(), b.bound());
        if (bound >= 0) {
          for (int i = 0; i < count; i++) {
            result[i] = x[i] * y[i];
          }
        } else {
          for (int i = 0; i < count; i++) {
            result[i] = Math.multiplyExact(x[i], y[i]);
          }
        }
      }
      default -> {
        resultScale = scale;
        int exponent = scale - a.scale + b.scale;
        long factor = factor(Math.abs(exponent));
        for (int i = 0; i < count; i++) {
          if (y[i] == 0) {
            continue;
          }
          result[i] = exponent >= 0 ? roundDivide(Math.multiplyExact(x[i], factor), y[i])
              : roundDivide(x[i], Math.multiplyExact(y[i], factor));
        }
      }
    }
    bound = rescale(result, resultScale, bound);
    return new DecimalColumn(scale, result, null).withBound(bound);
  }

  /** {@code x[i] * xFactor ± y[i] * yFactor} where no step can overflow. */
  private static void addOrSubtract(long[] x, long xFactor, long[] y, long yFactor, boolean add, long[] result,
      int count) {
    if (xFactor == 1 && yFactor == 1) {
      if (add) {
        for (int i = 0; i < count; i++) {
          result[i] = x[i] + y[i];
        }
      } else {
        for (int i = 0; i < count; i++) {
          result[i] = x[i] - y[i];
        }
      }
      return;
    }
    long sign = add ? 1 : -1;
    long signedYFactor = sign * yFactor;
    for (int i = 0; i < count; i++) {
      result[i] = x[i] * xFactor + y[i] * signedYFactor;
    }
  }

  private static long factor(int exponent) {
    long factor = Types.powerOfTenOrMinusOne(exponent);
    if (factor < 0) {
      throw new ArithmeticException("10^" + exponent + " does not fit a long");
    }
    return factor;
  }

  /** {@code x / y} rounded half away from zero. */
  static long roundDivide(long x, long y) {
    long quotient = x / y;
    long remainder = x - quotient * y;
    if (remainder != 0) {
      long half = Math.absExact(y) - Math.absExact(remainder);
      if (Math.absExact(remainder) >= half) {
        quotient += (x ^ y) < 0 ? -1 : 1;
      }
    }
    return quotient;
  }

  /** A USER error when a non-NULL value of {@code result} has more digits than this node's precision. */
  private void checkPrecision(DecimalColumn result) {
    long limit = Types.powerOfTenOrMinusOne(precision);
    long bound = result.knownBound();
    if (limit < 0 || (bound >= 0 && bound < limit)) {
      return; // every long fits, or the bound shows every value does
    }
    long[] values = result.values;
    boolean[] nulls = result.nulls;
    for (int i = 0; i < values.length; i++) {
      if ((values[i] >= limit || values[i] <= -limit) && (nulls == null || !nulls[i])) {
        throw Errors.decimalOverflow(BigDecimal.valueOf(values[i], scale), type);
      }
    }
  }

  private DecimalColumn wide(DecimalColumn a, DecimalColumn b, boolean[] nulls, int count) {
    BigInteger[] result = new BigInteger[count];
    BigInteger limit = Types.bigPowerOfTen(precision);
    for (int i = 0; i < count; i++) {
      if (nulls != null && nulls[i]) {
        result[i] = BigInteger.ZERO;
        continue;
      }
      BigDecimal x = a.decimal(i);
      BigDecimal y = b.decimal(i);
      BigDecimal value = switch (operator) {
        case ADD -> x.add(y);
        case SUBTRACT -> x.subtract(y);
        case MULTIPLY -> x.multiply(y);
        case DIVIDE -> x.divide(y, scale, RoundingMode.HALF_UP);
        case MODULO -> x.remainder(y);
      };
      value = value.setScale(scale, RoundingMode.HALF_UP);
      if (value.unscaledValue().abs().compareTo(limit) >= 0) {
        throw Errors.decimalOverflow(value, type);
      }
      result[i] = value.unscaledValue();
    }
    return DecimalColumn.of(scale, result, nulls);
  }
}
