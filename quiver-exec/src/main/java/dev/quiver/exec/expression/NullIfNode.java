package dev.quiver.exec.expression;

import org.apache.arrow.vector.types.pojo.ArrowType;

/** {@code NULLIF(a, b)}: NULL where a = b (both non-NULL), else a. */
final class NullIfNode extends Node {
  private final Node left;
  private final Node right;

  NullIfNode(Node left, Node right, ArrowType type) {
    super(type);
    this.left = left;
    this.right = right;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    Column a = left.evaluate(context);
    Column b = right.evaluate(context);
    int[] compare = Comparisons.compare(a, b, count);
    int[] rows = new int[count];
    for (int i = 0; i < count; i++) {
      rows[i] = !a.isNull(i) && !b.isNull(i) && compare[i] == 0 ? -1 : i;
    }
    return a.gather(rows, count);
  }
}
