package dev.quiver.exec.expression;

/**
 * A comparison decided by its constant alone ({@code int8_column > 1000}): the same truth on every
 * row, except NULL where the operand is NULL.
 */
final class ConstantUnlessNullNode extends Node {
  private final Node operand;
  private final boolean value;

  ConstantUnlessNullNode(Node operand, boolean value) {
    super(Types.BOOL);
    this.operand = operand;
    this.value = value;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    Column values = operand.evaluate(context);
    boolean[] nulls = values.nulls == null ? null : values.nulls.clone();
    BoolColumn result = BoolColumn.constant(value, context.count);
    ComparisonNode.clearNulls(result.values, nulls);
    result.nulls = nulls;
    return result;
  }
}
