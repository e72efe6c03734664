package dev.quiver.exec.expression;

import java.util.List;

/**
 * AND (or OR) of two or more conditions in three-valued logic. Each operand after the first is
 * evaluated only on the rows still undecided (not yet FALSE for AND, not yet TRUE for OR), so it does
 * less work and never fails on a row an earlier operand decided.
 */
final class JunctionNode extends Node {
  private final List<Node> operands;
  private final boolean conjunction;

  JunctionNode(List<Node> operands, boolean conjunction) {
    super(Types.BOOL);
    this.operands = List.copyOf(operands);
    this.conjunction = conjunction;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    // the decided value: FALSE for AND, TRUE for OR
    boolean decisive = !conjunction;
    boolean[] decided = new boolean[count];
    boolean[] nulls = new boolean[count];
    int[] rows = new int[count];
    for (int i = 0; i < count; i++) {
      rows[i] = i;
    }
    int undecided = count;
    for (Node operand : operands) {
      if (undecided == 0) {
        break;
      }
      BoolColumn values = (BoolColumn) operand.evaluateRows(context, rows, undecided);
      int remaining = 0;
      for (int k = 0; k < undecided; k++) {
        int row = rows[k];
        if (values.isNull(k)) {
          nulls[row] = true;
          rows[remaining++] = row;
        } else if (values.values[k] == decisive) {
          decided[row] = true;
          nulls[row] = false;
        } else {
          rows[remaining++] = row;
        }
      }
      undecided = remaining;
    }
    boolean[] result = new boolean[count];
    boolean any = false;
    for (int i = 0; i < count; i++) {
      // AND: TRUE where not decided FALSE and not NULL; OR: TRUE where decided TRUE
      result[i] = conjunction ? !decided[i] && !nulls[i] : decided[i];
      any |= nulls[i];
    }
    return new BoolColumn(result, any ? nulls : null);
  }
}
