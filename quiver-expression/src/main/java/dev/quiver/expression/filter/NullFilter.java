package dev.quiver.expression.filter;

import dev.quiver.common.stats.ZoneStatistics;
import org.apache.arrow.vector.FieldVector;

/** IS NULL (or, negated, IS NOT NULL). */
final class NullFilter implements ValueFilter {
  private final boolean negated;

  NullFilter(boolean negated) {
    this.negated = negated;
  }

  @Override
  public int filter(FieldVector vector, int offset, int[] rows, int count, int[] out, Scratch scratch) {
    long validity = vector.getValidityBuffer().memoryAddress();
    int passed = 0;
    for (int j = 0; j < count; j++) {
      int row = rows == null ? j : rows[j];
      if (Rows.isSet(validity, offset + row) == negated) {
        out[passed++] = row;
      }
    }
    return passed;
  }

  @Override
  public boolean nullPasses() {
    return !negated;
  }

  @Override
  public Truth prune(ZoneStatistics statistics) {
    if (statistics.rowCount() == 0) {
      return Truth.FALSE;
    }
    boolean allNull = statistics.nullCount() >= statistics.rowCount();
    boolean noNull = statistics.nullCount() == 0;
    if (negated) {
      return allNull ? Truth.FALSE : noNull ? Truth.TRUE : Truth.UNKNOWN;
    }
    return allNull ? Truth.TRUE : noNull ? Truth.FALSE : Truth.UNKNOWN;
  }
}
