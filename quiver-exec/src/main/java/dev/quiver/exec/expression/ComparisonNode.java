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
    if (leftValues instanceof LongColumn longs && right instanceof LiteralNode literal
        && literal.value instanceof LongColumn constant && !literal.isNull()) {
      boolean[] nulls = longs.nulls == null ? null : longs.nulls.clone();
      boolean[] values = testLongs(operator, longs.values, null, constant.values[0], count);
      clearNulls(values, nulls);
      return new BoolColumn(values, nulls);
    }
    if (leftValues instanceof LongColumn longs && !(right instanceof LiteralNode)) {
      Column rightValues = right.evaluate(context);
      if (rightValues instanceof LongColumn others) {
        // integers, dates and timestamps against each other: one typed pass, no comparison array
        boolean[] nulls = Column.union(longs.nulls, others.nulls, count);
        boolean[] values = testLongs(operator, longs.values, others.values, 0, count);
        clearNulls(values, nulls);
        return new BoolColumn(values, nulls);
      }
      int[] compare = Comparisons.compare(leftValues, rightValues, count);
      boolean[] nulls = Column.union(leftValues.nulls, rightValues.nulls, count);
      boolean[] values = Comparisons.test(compare, operator, count);
      clearNulls(values, nulls);
      return new BoolColumn(values, nulls);
    }
    int[] compare;
    boolean[] nulls;
    if (right instanceof LiteralNode literal && (literal.value instanceof LongColumn
        || literal.value instanceof DoubleColumn || literal.value instanceof StringColumn)) {
      if (literal.isNull()) {
        return new BoolColumn(new boolean[count], Column.allNulls(count));
      }
      compare = compareToConstant(leftValues, literal.value, count);
      nulls = leftValues.nulls == null ? null : leftValues.nulls.clone();
    } else if (right instanceof LiteralNode literal && literal.value instanceof DecimalColumn constant
        && !constant.isWide() && !literal.isNull() && leftValues instanceof DecimalColumn decimals
        && !decimals.isWide() && decimals.scale == constant.scale) {
      // a decimal column against a bound at its own scale (what exact literal comparisons make)
      long value = constant.values[0];
      compare = new int[count];
      for (int i = 0; i < count; i++) {
        compare[i] = Long.compare(decimals.values[i], value);
      }
      nulls = leftValues.nulls == null ? null : leftValues.nulls.clone();
    } else {
      Column rightValues = right.evaluate(context);
      compare = Comparisons.compare(leftValues, rightValues, count);
      nulls = Column.union(leftValues.nulls, rightValues.nulls, count);
    }
    boolean[] values = Comparisons.test(compare, operator, count);
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

  private static int[] compareToConstant(Column left, Column constant, int count) {
    int[] result = new int[count];
    if (left instanceof LongColumn longs) {
      long value = ((LongColumn) constant).values[0];
      for (int i = 0; i < count; i++) {
        result[i] = Long.compare(longs.values[i], value);
      }
    } else if (left instanceof DoubleColumn doubles) {
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
