package dev.quiver.exec.expression;

import java.util.List;

/**
 * {@code value IN (c1, c2, ...)} against constants of the value's kind: TRUE where one equals it,
 * else NULL where the value or a constant is NULL, else FALSE. The value is evaluated once.
 */
final class InNode extends Node {
  private final Node value;
  private final List<LiteralNode> constants;

  InNode(Node value, List<LiteralNode> constants) {
    super(Types.BOOL);
    this.value = value;
    this.constants = List.copyOf(constants);
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    Column values = value.evaluate(context);
    boolean[] found = new boolean[count];
    boolean anyNullConstant = false;
    for (LiteralNode constant : constants) {
      if (constant.isNull()) {
        anyNullConstant = true;
        continue;
      }
      int[] compare = Comparisons.compare(values, constant.evaluate(context), count);
      for (int i = 0; i < count; i++) {
        found[i] |= compare[i] == 0;
      }
    }
    boolean[] nulls = null;
    for (int i = 0; i < count; i++) {
      boolean isNull = values.isNull(i) || (anyNullConstant && !found[i]);
      if (isNull) {
        if (nulls == null) {
          nulls = new boolean[count];
        }
        nulls[i] = true;
        found[i] = false;
      }
    }
    return new BoolColumn(found, nulls);
  }
}
