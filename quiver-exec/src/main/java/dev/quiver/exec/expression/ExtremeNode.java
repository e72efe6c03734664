package dev.quiver.exec.expression;

import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code greatest(a, b, ...)} and {@code least(a, b, ...)} of arguments cast to the call's type, in the
 * order {@link Comparisons} defines: NULL arguments are skipped (as DuckDB and PostgreSQL do), the result
 * is NULL only when every argument is.
 */
final class ExtremeNode extends Node {
  private final List<Node> arguments;
  private final boolean greatest;

  ExtremeNode(List<Node> arguments, boolean greatest, ArrowType type) {
    super(type);
    this.arguments = List.copyOf(arguments);
    this.greatest = greatest;
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    Column[] values = new Column[arguments.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = arguments.get(i).evaluate(context);
    }
    int[] winner = new int[count];
    for (int row = 0; row < count; row++) {
      winner[row] = values[0].isNull(row) ? -1 : 0;
    }
    Column best = values[0];
    for (int argument = 1; argument < values.length; argument++) {
      Column candidate = values[argument];
      int[] order = Comparisons.compare(candidate, best, count);
      for (int row = 0; row < count; row++) {
        if (candidate.isNull(row)) {
          continue;
        }
        if (winner[row] < 0 || (greatest ? order[row] > 0 : order[row] < 0)) {
          winner[row] = argument;
        }
      }
      best = pick(values, winner, count);
    }
    return best;
  }

  /** The column whose row i is row i of {@code values[winner[i]]} (NULL for -1). */
  private static Column pick(Column[] values, int[] winner, int count) {
    if (values[0] instanceof StringColumn) {
      StringColumn.Builder builder = new StringColumn.Builder(count, 16 * count);
      for (int row = 0; row < count; row++) {
        if (winner[row] < 0) {
          builder.appendNull();
        } else {
          StringColumn source = (StringColumn) values[winner[row]];
          builder.append(source.data, source.offsets[row], source.length(row));
        }
      }
      return builder.build();
    }
    int[] identity = new int[count];
    for (int row = 0; row < count; row++) {
      identity[row] = winner[row] < 0 ? -1 : row;
    }
    Column result = values[0].gather(identity, count);
    for (int row = 0; row < count; row++) {
      if (winner[row] > 0) {
        values[winner[row]].copyRow(row, result, row);
        if (result.nulls != null) {
          result.nulls[row] = false;
        }
      }
    }
    return result;
  }
}
