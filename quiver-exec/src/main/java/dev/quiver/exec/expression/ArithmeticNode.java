package dev.quiver.exec.expression;

/**
 * {@code a <op> b} on integers (64-bit exact arithmetic, then the result type's range; overflow is a
 * USER error; division truncates toward zero; the remainder has the sign of a) or on floats (IEEE,
 * float32 rounded after each operation). A zero divisor on a non-NULL row is a USER error.
 */
final class ArithmeticNode extends Node {
  private final Operator operator;
  private final Node left;
  private final Node right;

  ArithmeticNode(Operator operator, Node left, Node right, org.apache.arrow.vector.types.pojo.ArrowType type) {
    super(type);
    this.operator = operator;
    this.left = left;
    this.right = right;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    Column leftValues = left.evaluate(context);
    Column rightValues = right.evaluate(context);
    boolean[] nulls = Column.union(leftValues.nulls, rightValues.nulls, context.count);
    if (kind == Kind.DOUBLE) {
      return new DoubleColumn(doubles(((DoubleColumn) leftValues).values, ((DoubleColumn) rightValues).values,
          nulls), nulls);
    }
    return new LongColumn(zeroNullRows(longs(((LongColumn) leftValues).values, ((LongColumn) rightValues).values,
        nulls), nulls), nulls);
  }

  private long[] longs(long[] a, long[] b, boolean[] nulls) {
    int count = a.length;
    long[] result = new long[count];
    try {
      switch (operator) {
        case ADD -> {
          for (int i = 0; i < count; i++) {
            result[i] = Math.addExact(a[i], b[i]);
          }
        }
        case SUBTRACT -> {
          for (int i = 0; i < count; i++) {
            result[i] = Math.subtractExact(a[i], b[i]);
          }
        }
        case MULTIPLY -> {
          for (int i = 0; i < count; i++) {
            result[i] = Math.multiplyExact(a[i], b[i]);
          }
        }
        case DIVIDE -> {
          for (int i = 0; i < count; i++) {
            long divisor = b[i];
            if (divisor == 0) {
              if (nulls == null || !nulls[i]) {
                throw Errors.divisionByZero();
              }
              continue;
            }
            if (divisor == -1 && a[i] == Long.MIN_VALUE && (nulls == null || !nulls[i])) {
              throw overflow(a[i], b[i]);
            }
            result[i] = divisor == -1 ? -a[i] : a[i] / divisor;
          }
        }
        case MODULO -> {
          for (int i = 0; i < count; i++) {
            long divisor = b[i];
            if (divisor == 0) {
              if (nulls == null || !nulls[i]) {
                throw Errors.divisionByZero();
              }
              continue;
            }
            result[i] = divisor == -1 ? 0 : a[i] % divisor;
          }
        }
      }
    } catch (ArithmeticException overflow) {
      // a NULL row (which holds 0) may overflow against a real value: only real rows count
      RuntimeException real = findOverflow(a, b, nulls);
      if (real != null || nulls == null) {
        throw real != null ? real : Errors.integerOverflow("an operation", type);
      }
      return longs(zeroNulls(a, nulls), zeroNulls(b, nulls), nulls);
    }
    int bits = Types.bitWidth(type);
    if (bits < 64) {
      long minimum = Types.intMinimum(bits);
      long maximum = Types.intMaximum(bits);
      for (int i = 0; i < count; i++) {
        if ((result[i] < minimum || result[i] > maximum) && (nulls == null || !nulls[i])) {
          throw overflow(a[i], b[i]);
        }
      }
    }
    return result;
  }

  /** Keeps NULL rows at 0 (what later kernels expect of them). */
  static long[] zeroNullRows(long[] values, boolean[] nulls) {
    if (nulls != null) {
      for (int i = 0; i < values.length; i++) {
        if (nulls[i]) {
          values[i] = 0;
        }
      }
    }
    return values;
  }

  private static long[] zeroNulls(long[] values, boolean[] nulls) {
    long[] result = values.clone();
    for (int i = 0; i < result.length; i++) {
      if (nulls[i]) {
        result[i] = 0;
      }
    }
    return result;
  }

  /** The overflow of a non-NULL row, or null when only NULL rows overflowed. */
  private RuntimeException findOverflow(long[] a, long[] b, boolean[] nulls) {
    for (int i = 0; i < a.length; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      try {
        switch (operator) {
          case ADD -> Math.addExact(a[i], b[i]);
          case SUBTRACT -> Math.subtractExact(a[i], b[i]);
          case MULTIPLY -> Math.multiplyExact(a[i], b[i]);
          default -> {}
        }
      } catch (ArithmeticException found) {
        return overflow(a[i], b[i]);
      }
    }
    return null;
  }

  private RuntimeException overflow(long a, long b) {
    return Errors.integerOverflow(a + " " + operator.symbol + " " + b, type);
  }

  private double[] doubles(double[] a, double[] b, boolean[] nulls) {
    int count = a.length;
    double[] result = new double[count];
    switch (operator) {
      case ADD -> {
        for (int i = 0; i < count; i++) {
          result[i] = a[i] + b[i];
        }
      }
      case SUBTRACT -> {
        for (int i = 0; i < count; i++) {
          result[i] = a[i] - b[i];
        }
      }
      case MULTIPLY -> {
        for (int i = 0; i < count; i++) {
          result[i] = a[i] * b[i];
        }
      }
      case DIVIDE, MODULO -> {
        boolean divide = operator == Operator.DIVIDE;
        for (int i = 0; i < count; i++) {
          if (b[i] == 0) {
            if (nulls == null || !nulls[i]) {
              throw Errors.divisionByZero();
            }
            continue;
          }
          result[i] = divide ? a[i] / b[i] : a[i] % b[i];
        }
      }
    }
    if (Types.isSingle(type)) {
      for (int i = 0; i < count; i++) {
        result[i] = (float) result[i];
      }
    }
    return result;
  }
}
