package dev.quiver.format.encoding;

/**
 * What the compressor knows about a whole column before it samples: runs of equal values, whether
 * it is constant, its dictionary (when small enough), and for booleans and decimals their special
 * facts. One pass over the values, one more for the dictionary.
 *
 * @param runs maximal runs of equal adjacent values (0 for no rows)
 * @param dictionary distinct values and codes, or null (too many distinct values, or not wanted)
 * @param trueCount true rows of a boolean column (else 0)
 * @param fitsInLong whether every decimal fits in 64 bits (else false)
 */
record ColumnStatistics(int rows, int runs, Dictionary dictionary, int trueCount, boolean fitsInLong) {

  boolean constant() {
    return runs == 1;
  }

  /** Statistics of {@code column}, with a dictionary of at most {@code dictionaryLimit} values (0: none). */
  static ColumnStatistics of(Column column, int dictionaryLimit) {
    int rows = column.rows();
    int runs = runs(column);
    Dictionary dictionary = dictionaryLimit > 0 && runs > 1 ? Dictionary.build(column, dictionaryLimit) : null;
    int trueCount = column instanceof BooleanColumn booleans ? booleans.countTrue() : 0;
    boolean fits = column instanceof DecimalColumn decimals && decimals.fitsInLong();
    return new ColumnStatistics(rows, runs, dictionary, trueCount, fits);
  }

  private static int runs(Column column) {
    int rows = column.rows();
    if (rows == 0) {
      return 0;
    }
    int runs = 1;
    if (column instanceof LongColumn longs) {
      long[] values = longs.values();
      for (int i = 1; i < rows; i++) {
        if (values[i] != values[i - 1]) {
          runs++;
        }
      }
    } else if (column instanceof BinaryColumn binary) {
      for (int i = 1; i < rows; i++) {
        if (binary.length(i) != binary.length(i - 1) || !binary.sameValue(i, i - 1)) {
          runs++;
        }
      }
    } else if (column instanceof BooleanColumn booleans) {
      boolean previous = booleans.get(0);
      for (int i = 1; i < rows; i++) {
        boolean current = booleans.get(i);
        if (current != previous) {
          runs++;
          previous = current;
        }
      }
    } else if (column instanceof DecimalColumn decimals) {
      long[] low = decimals.low();
      long[] high = decimals.high();
      for (int i = 1; i < rows; i++) {
        if (low[i] != low[i - 1] || high[i] != high[i - 1]) {
          runs++;
        }
      }
    } else {
      runs = rows; // bytes: never treated as runs
    }
    return runs;
  }
}
