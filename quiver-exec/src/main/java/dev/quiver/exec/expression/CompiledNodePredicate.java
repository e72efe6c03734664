package dev.quiver.exec.expression;

import dev.quiver.common.batch.Batch;

/** A compiled condition: its node tree evaluated per batch, the TRUE rows collected. */
final class CompiledNodePredicate implements CompiledPredicate {
  private final Node root;
  private final String text;

  CompiledNodePredicate(Node root, String text) {
    this.root = root;
    this.text = text;
  }

  @Override
  public int select(Batch input, int[] positions) {
    if (input.rowCount() == 0) {
      return 0;
    }
    BoolColumn result = (BoolColumn) root.evaluate(EvaluationContext.of(input));
    int[] selection = input.selection();
    boolean[] values = result.values;
    boolean[] nulls = result.nulls;
    int count = 0;
    for (int i = 0; i < values.length; i++) {
      if (values[i] && (nulls == null || !nulls[i])) {
        positions[count++] = selection == null ? i : selection[i];
      }
    }
    return count;
  }

  @Override
  public String toString() {
    return text;
  }
}
