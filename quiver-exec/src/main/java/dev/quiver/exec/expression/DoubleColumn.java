package dev.quiver.exec.expression;

/** Floating-point values (float32 columns hold floats widened exactly); NULL rows hold 0. */
final class DoubleColumn extends Column {
  final double[] values;

  DoubleColumn(double[] values, boolean[] nulls) {
    super(values.length, nulls);
    this.values = values;
  }

  @Override
  DoubleColumn gather(int[] indexes, int count) {
    double[] result = new double[count];
    for (int i = 0; i < count; i++) {
      int index = indexes[i];
      result[i] = index < 0 ? 0 : values[index];
    }
    return new DoubleColumn(result, gatherNulls(nulls, indexes, count));
  }

  @Override
  DoubleColumn nullsLike(int count) {
    return new DoubleColumn(new double[count], allNulls(count));
  }

  @Override
  void copyRow(int from, Column target, int to) {
    DoubleColumn doubles = (DoubleColumn) target;
    doubles.values[to] = values[from];
    if (isNull(from)) {
      doubles.setNull(to);
    }
  }
}
