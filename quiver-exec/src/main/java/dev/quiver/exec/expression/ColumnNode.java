package dev.quiver.exec.expression;

import org.apache.arrow.vector.types.pojo.ArrowType;

/** A column of the input, by ordinal. */
final class ColumnNode extends Node {
  final int ordinal;

  ColumnNode(int ordinal, ArrowType type) {
    super(type);
    this.ordinal = ordinal;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    return context.column(ordinal, type);
  }
}
