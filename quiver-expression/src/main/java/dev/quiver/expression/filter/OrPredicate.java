package dev.quiver.expression.filter;

import dev.quiver.common.stats.ZoneStatistics;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Rows passing any operand; each operand sees only the rows no earlier operand passed. */
record OrPredicate(List<Predicate> operands) implements Predicate {
  @Override
  public int filter(Function<String, ColumnSlice> columns, int[] rows, int count, int[] out, Scratch scratch) {
    int[] remaining = new int[count];
    int remainingCount = count;
    for (int j = 0; j < count; j++) {
      remaining[j] = rows == null ? j : rows[j];
    }
    int[] passed = new int[count];
    int maximumRow = count == 0 ? 0 : remaining[count - 1];
    boolean[] passes = new boolean[maximumRow + 1];
    for (Predicate operand : operands) {
      if (remainingCount == 0) {
        break;
      }
      int passedCount = operand.filter(columns, remaining, remainingCount, passed, scratch);
      for (int j = 0; j < passedCount; j++) {
        passes[passed[j]] = true;
      }
      // remaining minus passed: both ascending
      int kept = 0;
      int next = 0;
      for (int j = 0; j < remainingCount; j++) {
        int row = remaining[j];
        if (next < passedCount && passed[next] == row) {
          next++;
        } else {
          remaining[kept++] = row;
        }
      }
      remainingCount = kept;
    }
    int result = 0;
    for (int j = 0; j < count; j++) {
      int row = rows == null ? j : rows[j];
      if (passes[row]) {
        out[result++] = row;
      }
    }
    return result;
  }

  @Override
  public Truth prune(Function<String, ZoneStatistics> statistics) {
    boolean allFalse = true;
    for (Predicate operand : operands) {
      Truth truth = operand.prune(statistics);
      if (truth == Truth.TRUE) {
        return Truth.TRUE;
      }
      allFalse &= truth == Truth.FALSE;
    }
    return allFalse ? Truth.FALSE : Truth.UNKNOWN;
  }

  @Override
  public String describe() {
    return operands.stream().map(operand -> "(" + operand.describe() + ")").collect(Collectors.joining(" OR "));
  }
}
