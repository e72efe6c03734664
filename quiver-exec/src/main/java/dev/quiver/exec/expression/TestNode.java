package dev.quiver.exec.expression;

/**
 * The tests that are never NULL: {@code IS [NOT] NULL} on any operand, and {@code IS [NOT] TRUE},
 * {@code IS [NOT] FALSE} on a condition.
 */
final class TestNode extends Node {
  enum Test {
    IS_NULL,
    IS_NOT_NULL,
    IS_TRUE,
    IS_FALSE,
    IS_NOT_TRUE,
    IS_NOT_FALSE
  }

  private final Node operand;
  private final Test test;

  TestNode(Node operand, Test test) {
    super(Types.BOOL);
    this.operand = operand;
    this.test = test;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    Column values = operand.evaluate(context);
    int count = context.count;
    boolean[] result = new boolean[count];
    boolean[] nulls = values.nulls;
    boolean[] bools = values instanceof BoolColumn column ? column.values : null;
    for (int i = 0; i < count; i++) {
      boolean isNull = nulls != null && nulls[i];
      result[i] = switch (test) {
        case IS_NULL -> isNull;
        case IS_NOT_NULL -> !isNull;
        case IS_TRUE -> !isNull && bools[i];
        case IS_FALSE -> !isNull && !bools[i];
        case IS_NOT_TRUE -> isNull || !bools[i];
        case IS_NOT_FALSE -> isNull || bools[i];
      };
    }
    return new BoolColumn(result, null);
  }
}
