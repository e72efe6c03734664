package dev.quiver.expression.filter;

import dev.quiver.common.stats.ZoneStatistics;
import java.util.function.Function;

/** Every row passes, or none does (FALSE or NULL). */
record ConstantPredicate(boolean passes, String describe) implements Predicate {
  static final ConstantPredicate ALL = new ConstantPredicate(true, "TRUE");
  static final ConstantPredicate NONE = new ConstantPredicate(false, "FALSE");

  @Override
  public int filter(Function<String, ColumnSlice> columns, int[] rows, int count, int[] out, Scratch scratch) {
    if (!passes) {
      return 0;
    }
    for (int j = 0; j < count; j++) {
      out[j] = rows == null ? j : rows[j];
    }
    return count;
  }

  @Override
  public Truth prune(Function<String, ZoneStatistics> statistics) {
    return passes ? Truth.TRUE : Truth.FALSE;
  }
}
