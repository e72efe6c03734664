package dev.quiver.exec.expression;

/** NOT: TRUE where the operand is FALSE, NULL where it is NULL. */
final class NotNode extends Node {
  private final Node operand;

  NotNode(Node operand) {
    super(Types.BOOL);
    this.operand = operand;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    BoolColumn values = (BoolColumn) operand.evaluate(context);
    boolean[] result = new boolean[values.size];
    boolean[] nulls = values.nulls;
    for (int i = 0; i < result.length; i++) {
      result[i] = !values.values[i] && (nulls == null || !nulls[i]);
    }
    return new BoolColumn(result, nulls == null ? null : nulls.clone());
  }
}
