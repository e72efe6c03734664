package dev.quiver.exec.expression;

import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A compiled expression node: evaluates every row of a context at once into a {@link Column} of its
 * kind. One virtual call per node per batch; the loops inside are per type. Immutable, thread-safe.
 */
abstract class Node {
  final ArrowType type;
  final Kind kind;

  Node(ArrowType type) {
    this.type = type;
    this.kind = Kind.of(type);
  }

  abstract Column evaluate(EvaluationContext context);

  /**
   * Evaluates {@code arguments} into {@code values} (one batch each) and returns the rows where any is
   * NULL (null when none is): the null mask of a function that is NULL on a NULL argument.
   */
  static boolean[] evaluateAll(java.util.List<Node> arguments, EvaluationContext context, Column[] values) {
    boolean[] nulls = null;
    for (int i = 0; i < values.length; i++) {
      values[i] = arguments.get(i).evaluate(context);
      nulls = Column.union(nulls, values[i].nulls, context.count);
    }
    return nulls;
  }

  /** Whether this node is a constant (a literal or folded sub-tree). */
  boolean isConstant() {
    return false;
  }

  /** Evaluates over the rows of a subset of the context (all rows when it is all of them). */
  final Column evaluateRows(EvaluationContext context, int[] rows, int count) {
    if (count == context.count) {
      return evaluate(context);
    }
    return evaluate(context.subset(rows, count));
  }
}
