package dev.quiver.exec.expression;

import dev.quiver.common.batch.Batch;
import dev.quiver.expression.filter.ColumnSlice;
import dev.quiver.expression.filter.FilterEvaluator;
import java.util.Map;
import org.apache.arrow.vector.IntVector;

/**
 * A condition made only of the model's filter nodes over plain columns and literals, evaluated by the
 * scan's kernels ({@link FilterEvaluator}: dictionary values tested once, conjuncts reordered by
 * selectivity). Over a batch with a sparse selection it evaluates with the node tree instead, so it
 * never tests many more rows than the batch holds.
 */
final class ScanKernelPredicate implements CompiledPredicate {
  private final FilterEvaluator evaluator;
  private final Map<String, Integer> ordinals;
  private final CompiledNodePredicate fallback;

  ScanKernelPredicate(FilterEvaluator evaluator, Map<String, Integer> ordinals, CompiledNodePredicate fallback) {
    this.evaluator = evaluator;
    this.ordinals = Map.copyOf(ordinals);
    this.fallback = fallback;
  }

  @Override
  public int select(Batch input, int[] positions) {
    int physical = input.physicalRowCount();
    if (input.rowCount() == 0) {
      return 0;
    }
    if (input.hasSelection() && input.rowCount() * 2L < physical) {
      return fallback.select(input, positions);
    }
    int[] passing = input.hasSelection() ? new int[physical] : positions;
    int count = evaluator.evaluate(name -> {
      int ordinal = ordinals.get(name);
      return input.isDictionaryEncoded(ordinal)
          ? ColumnSlice.dictionary(input.dictionary(ordinal), (IntVector) input.vector(ordinal), 0)
          : ColumnSlice.plain(input.vector(ordinal), 0);
    }, physical, passing);
    if (!input.hasSelection()) {
      return count;
    }
    // keep the passing rows that are in the selection (both ascending)
    int[] selection = input.selection();
    int selected = input.rowCount();
    int result = 0;
    for (int i = 0, j = 0; i < count && j < selected;) {
      if (passing[i] == selection[j]) {
        positions[result++] = passing[i];
        i++;
        j++;
      } else if (passing[i] < selection[j]) {
        i++;
      } else {
        j++;
      }
    }
    return result;
  }

  @Override
  public String toString() {
    return fallback.toString();
  }
}
