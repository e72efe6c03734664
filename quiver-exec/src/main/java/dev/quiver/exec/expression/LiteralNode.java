package dev.quiver.exec.expression;

import org.apache.arrow.vector.types.pojo.ArrowType;

/** A constant (a literal or a folded sub-tree): one row, repeated for every row evaluated. */
final class LiteralNode extends Node {
  final Column value;

  /** @param value a one-row column of the type's kind */
  LiteralNode(Column value, ArrowType type) {
    super(type);
    if (value.size != 1) {
      throw new IllegalArgumentException("a constant has one row, not " + value.size);
    }
    this.value = value;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    return value.gather(new int[context.count], context.count);
  }

  @Override
  boolean isConstant() {
    return true;
  }

  boolean isNull() {
    return value.isNull(0);
  }
}
