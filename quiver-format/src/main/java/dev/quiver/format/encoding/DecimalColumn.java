package dev.quiver.format.encoding;

/** Decimal128 unscaled values as two's complement halves: {@code low[i]} and {@code high[i]}. */
record DecimalColumn(long[] low, long[] high, int rows) implements Column {
  @Override
  public PhysicalType type() {
    return PhysicalType.DECIMAL128;
  }

  @Override
  public DecimalColumn takeRuns(int[] starts, int runLength) {
    long[] takenLow = new long[starts.length * runLength];
    long[] takenHigh = new long[takenLow.length];
    for (int run = 0; run < starts.length; run++) {
      System.arraycopy(low, starts[run], takenLow, run * runLength, runLength);
      System.arraycopy(high, starts[run], takenHigh, run * runLength, runLength);
    }
    return new DecimalColumn(takenLow, takenHigh, takenLow.length);
  }

  /** Whether every value fits in 64 bits (its high half is the sign extension of its low half). */
  boolean fitsInLong() {
    for (int i = 0; i < rows; i++) {
      if (high[i] != low[i] >> 63) {
        return false;
      }
    }
    return true;
  }
}
