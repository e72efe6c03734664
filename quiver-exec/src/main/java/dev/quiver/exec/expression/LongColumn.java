package dev.quiver.exec.expression;

/**
 * 64-bit integers, one per row: the values of every int type, dates (days since 1970-01-01) and
 * timestamps (microseconds since 1970-01-01T00:00Z). NULL rows hold 0.
 */
final class LongColumn extends Column {
  final long[] values;

  LongColumn(long[] values, boolean[] nulls) {
    super(values.length, nulls);
    this.values = values;
  }

  @Override
  LongColumn gather(int[] indexes, int count) {
    long[] result = new long[count];
    for (int i = 0; i < count; i++) {
      int index = indexes[i];
      result[i] = index < 0 ? 0 : values[index];
    }
    return new LongColumn(result, gatherNulls(nulls, indexes, count));
  }

  @Override
  LongColumn nullsLike(int count) {
    return new LongColumn(new long[count], allNulls(count));
  }

  @Override
  void copyRow(int from, Column target, int to) {
    LongColumn longs = (LongColumn) target;
    longs.values[to] = values[from];
    if (isNull(from)) {
      longs.setNull(to);
    }
  }
}
