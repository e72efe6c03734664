package dev.quiver.exec.expression;

import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** {@code COALESCE(a, b, ...)}: each argument is evaluated only on the rows still NULL. */
final class CoalesceNode extends Node {
  private final List<Node> arguments;

  CoalesceNode(List<Node> arguments, ArrowType type) {
    super(type);
    this.arguments = List.copyOf(arguments);
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    int[] remaining = CaseNode.identity(count);
    int remainingCount = count;
    int[] source = new int[count];
    int[] index = new int[count];
    java.util.Arrays.fill(source, -1);
    Column[] pieces = new Column[arguments.size()];
    for (int argument = 0; argument < arguments.size() && remainingCount > 0; argument++) {
      Column values = arguments.get(argument).evaluateRows(context, remaining, remainingCount);
      pieces[argument] = values;
      int kept = 0;
      for (int k = 0; k < remainingCount; k++) {
        int row = remaining[k];
        if (values.isNull(k)) {
          remaining[kept++] = row;
        } else {
          source[row] = argument;
          index[row] = k;
        }
      }
      remainingCount = kept;
    }
    return Merge.select(pieces, source, index, count, type);
  }
}
