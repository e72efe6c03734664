package dev.quiver.format.encoding;

/**
 * Integers or float bit patterns: {@code values[i]} is row i sign-extended from the type's width
 * (floats as their raw bits, so NaN payloads and -0.0 survive).
 */
record LongColumn(PhysicalType type, long[] values, int rows) implements Column {
  @Override
  public LongColumn takeRuns(int[] starts, int runLength) {
    long[] taken = new long[starts.length * runLength];
    for (int run = 0; run < starts.length; run++) {
      System.arraycopy(values, starts[run], taken, run * runLength, runLength);
    }
    return new LongColumn(type, taken, taken.length);
  }

  /** An int32 column of {@code count} values. */
  static LongColumn int32(long[] values, int count) {
    return new LongColumn(PhysicalType.INT32, values, count);
  }
}
