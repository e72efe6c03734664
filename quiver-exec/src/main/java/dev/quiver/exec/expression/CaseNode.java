package dev.quiver.exec.expression;

import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code CASE WHEN c1 THEN v1 ... ELSE e END}: each condition is evaluated on the rows no earlier
 * condition took, each value only on the rows its condition took (so {@code CASE WHEN x = 0 THEN 0
 * ELSE 1 / x END} never divides by zero), then the pieces are assembled.
 */
final class CaseNode extends Node {
  private final List<Node> conditions;
  private final List<Node> values;
  private final Node otherwise;

  CaseNode(List<Node> conditions, List<Node> values, Node otherwise, ArrowType type) {
    super(type);
    this.conditions = List.copyOf(conditions);
    this.values = List.copyOf(values);
    this.otherwise = otherwise;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    int[] remaining = identity(count);
    int remainingCount = count;
    int[] source = new int[count];
    int[] index = new int[count];
    Column[] pieces = new Column[values.size() + 1];
    for (int branch = 0; branch < conditions.size() && remainingCount > 0; branch++) {
      BoolColumn condition = (BoolColumn) conditions.get(branch).evaluateRows(context, remaining, remainingCount);
      int[] taken = new int[remainingCount];
      int takenCount = 0;
      int kept = 0;
      for (int k = 0; k < remainingCount; k++) {
        int row = remaining[k];
        if (condition.isTrue(k)) {
          source[row] = branch;
          index[row] = takenCount;
          taken[takenCount++] = row;
        } else {
          remaining[kept++] = row;
        }
      }
      remainingCount = kept;
      if (takenCount > 0) {
        pieces[branch] = values.get(branch).evaluateRows(context, taken, takenCount);
      }
    }
    if (remainingCount > 0) {
      int last = values.size();
      pieces[last] = otherwise.evaluateRows(context, remaining, remainingCount);
      for (int k = 0; k < remainingCount; k++) {
        source[remaining[k]] = last;
        index[remaining[k]] = k;
      }
    }
    return Merge.select(pieces, source, index, count, type);
  }

  static int[] identity(int count) {
    int[] rows = new int[count];
    for (int i = 0; i < count; i++) {
      rows[i] = i;
    }
    return rows;
  }
}
