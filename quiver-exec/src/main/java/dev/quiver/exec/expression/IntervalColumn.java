package dev.quiver.exec.expression;

/**
 * Intervals, one per row, as three arrays: months, days and microseconds (see
 * {@link dev.quiver.common.arrow.IntervalValue}). NULL rows hold zeros.
 */
final class IntervalColumn extends Column {
  final int[] months;
  final int[] days;
  final long[] micros;

  IntervalColumn(int[] months, int[] days, long[] micros, boolean[] nulls) {
    super(micros.length, nulls);
    this.months = months;
    this.days = days;
    this.micros = micros;
  }

  static IntervalColumn allocate(int count, boolean[] nulls) {
    return new IntervalColumn(new int[count], new int[count], new long[count], nulls);
  }

  @Override
  IntervalColumn gather(int[] indexes, int count) {
    IntervalColumn result = allocate(count, gatherNulls(nulls, indexes, count));
    for (int i = 0; i < count; i++) {
      int index = indexes[i];
      if (index >= 0) {
        result.months[i] = months[index];
        result.days[i] = days[index];
        result.micros[i] = micros[index];
      }
    }
    return result;
  }

  @Override
  IntervalColumn nullsLike(int count) {
    return allocate(count, allNulls(count));
  }

  @Override
  void copyRow(int from, Column target, int to) {
    IntervalColumn intervals = (IntervalColumn) target;
    intervals.months[to] = months[from];
    intervals.days[to] = days[from];
    intervals.micros[to] = micros[from];
    if (isNull(from)) {
      intervals.setNull(to);
    }
  }
}
