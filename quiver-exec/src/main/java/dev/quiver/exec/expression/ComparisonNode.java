package dev.quiver.exec.expression;

import dev.quiver.expression.ComparisonOperator;

/**
 * {@code left <op> right} over two operands of one kind: NULL where either is NULL. A constant right
 * operand of an integer, float or string column is compared without expanding it.
 */
final class ComparisonNode extends Node {
  private final ComparisonOperator operator;
  private final Node left;
  private final Node right;

  ComparisonNode(ComparisonOperator operator, Node left, Node right) {
    super(Types.BOOL);
    this.operator = operator;
    this.left = left;
    this.right = right;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    Column leftValues = left.evaluate(context);
    boolean[] values;
    boolean[] nulls;
    if (right instanceof LiteralNode literal && (literal.value instanceof LongColumn
        || literal.value instanceof DoubleColumn || literal.value instanceof StringColumn)) {
      if (literal.isNull()) {
        return new BoolColumn(new boolean[count], Column.allNulls(count));
      }
      nulls = leftValues.nulls == null ? null : leftValues.nulls.clone();
      values = leftValues instanceof LongColumn longs
          ? testLongs(operator, longs.values, null, ((LongColumn) literal.value).values[0], count)
          : Comparisons.test(compareToConstant(leftValues, literal.value, count), operator, count);
    } else if (right instanceof LiteralNode literal && literal.value instanceof DecimalColumn constant
        && !constant.isWide() && !literal.isNull() && leftValues instanceof DecimalColumn decimals
        && !decimals.isWide() && decimals.scale == constant.scale) {
      // a decimal column against a bound at its own scale (what exact literal comparisons make)
      long value = constant.values[0];
      int[] compare = new int[count];
      for (int i = 0; i < count; i++) {
        compare[i] = Long.compare(decimals.values[i], value);
      }
      nulls = leftValues.nulls == null ? null : leftValues.nulls.clone();
      values = Comparisons.test(compare, operator, count);
    } else {
      Column rightValues = right.evaluate(context);
      nulls = Column.union(leftValues.nulls, rightValues.nulls, count);
      // integers, dates and timestamps against each other: one typed pass, no comparison array
      values = leftValues instanceof LongColumn longs && rightValues instanceof LongColumn others
          ? testLongs(operator, longs.values, others.values, 0, count)
          : Comparisons.test(Comparisons.compare(leftValues, rightValues, count), operator, count);
    }
    clearNulls(values, nulls);
    return new BoolColumn(values, nulls);
  }

  /**
   * {@code left[i] <op> right[i]} (or {@code <op> constant} when {@code right} is null) for {@code count}
   * rows, one loop per operator.
   */
  static boolean[] testLongs(ComparisonOperator operator, long[] left, long[] right, long constant, int count) {
    boolean[] result = new boolean[count];
    if (right == null) {
      switch (operator) {
        case EQUAL -> {
          for (int i = 0; i < count; i++) {
            result[i] = left[i] == constant;
          }
        }
        case NOT_EQUAL -> {
          for (int i = 0; i < count; i++) {
            result[i] = left[i] != constant;
          }
        }
        case LESS -> {
          for (int i = 0; i < count; i++) {
            result[i] = left[i] < constant;
          }
        }
        case LESS_OR_EQUAL -> {
          for (int i = 0; i < count; i++) {
            result[i] = left[i] <= constant;
          }
        }
        case GREATER -> {
          for (int i = 0; i < count; i++) {
            result[i] = left[i] > constant;
          }
        }
        case GREATER_OR_EQUAL -> {
          for (int i = 0; i < count; i++) {
            result[i] = left[i] >= constant;
          }
        }
        default -> throw new IllegalStateException("unknown comparison " + operator);
      }
      return result;
    }
    switch (operator) {
      case EQUAL -> {
        for (int i = 0; i < count; i++) {
          result[i] = left[i] == right[i];
        }
      }
      case NOT_EQUAL -> {
        for (int i = 0; i < count; i++) {
          result[i] = left[i] != right[i];
        }
      }
      case LESS -> {
        for (int i = 0; i < count; i++) {
          result[i] = left[i] < right[i];
        }
      }
      case LESS_OR_EQUAL -> {
        for (int i = 0; i < count; i++) {
          result[i] = left[i] <= right[i];
        }
      }
      case GREATER -> {
        for (int i = 0; i < count; i++) {
          result[i] = left[i] > right[i];
        }
      }
      case GREATER_OR_EQUAL -> {
        for (int i = 0; i < count; i++) {
          result[i] = left[i] >= right[i];
        }
      }
      default -> throw new IllegalStateException("unknown comparison " + operator);
    }
    return result;
  }

  static void clearNulls(boolean[] values, boolean[] nulls) {
    if (nulls != null) {
      for (int i = 0; i < values.length; i++) {
        values[i] &= !nulls[i];
      }
    }
  }

  /** A float or string column against a constant (integers take {@link #testLongs}). */
  private static int[] compareToConstant(Column left, Column constant, int count) {
    int[] result = new int[count];
    if (left instanceof DoubleColumn doubles) {
      double value = ((DoubleColumn) constant).values[0];
      for (int i = 0; i < count; i++) {
        result[i] = Comparisons.compareDoubles(doubles.values[i], value);
      }
    } else {
      StringColumn strings = (StringColumn) left;
      StringColumn value = (StringColumn) constant;
      int end = value.offsets[1];
      for (int i = 0; i < count; i++) {
        result[i] = Integer.signum(java.util.Arrays.compareUnsigned(strings.data, strings.offsets[i],
            strings.offsets[i + 1], value.data, value.offsets[0], end));
      }
    }
    return result;
  }
}
