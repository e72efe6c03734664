package dev.quiver.exec.expression;

/** {@code a IS [NOT] DISTINCT FROM b}: never NULL; two NULLs are not distinct, NULL and a value are. */
final class DistinctNode extends Node {
  private final Node left;
  private final Node right;
  private final boolean distinct;

  DistinctNode(Node left, Node right, boolean distinct) {
    super(Types.BOOL);
    this.left = left;
    this.right = right;
    this.distinct = distinct;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    Column leftValues = left.evaluate(context);
    Column rightValues = right.evaluate(context);
    int[] compare = Comparisons.compare(leftValues, rightValues, count);
    boolean[] result = new boolean[count];
    for (int i = 0; i < count; i++) {
      boolean leftNull = leftValues.isNull(i);
      boolean rightNull = rightValues.isNull(i);
      boolean same = (leftNull || rightNull) ? leftNull == rightNull : compare[i] == 0;
      result[i] = same != distinct;
    }
    return new BoolColumn(result, null);
  }
}
