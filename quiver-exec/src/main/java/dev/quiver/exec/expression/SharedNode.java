package dev.quiver.exec.expression;

/**
 * A sub-tree that occurs more than once in the expressions compiled together (a projection's
 * columns): evaluated once per evaluation context, its column then reused by every occurrence.
 * Columns are never written after they are made, so sharing one is safe.
 */
final class SharedNode extends Node {
  private final Node shared;

  SharedNode(Node shared) {
    super(shared.type);
    this.shared = shared;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    return context.shared(this, shared);
  }

  @Override
  boolean isConstant() {
    return shared.isConstant();
  }
}
