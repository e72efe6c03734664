package dev.quiver.format.encoding;

/**
 * A sample of a column for estimating encoded sizes (as BtrBlocks does): {@code runs} runs of
 * {@code runLength} consecutive rows spread evenly over the column, so runs and local order survive
 * while the whole column is represented. {@code scale} is the column's rows over the sample's.
 */
record Sample(Column column, double scale) {

  /** A sample of {@code column}, which must have more than {@code runs * runLength} rows. */
  static Sample of(Column column, int runs, int runLength) {
    int rows = column.rows();
    int[] starts = new int[runs];
    for (int k = 0; k < runs; k++) {
      starts[k] = runs == 1 ? (rows - runLength) / 2 : (int) ((long) k * (rows - runLength) / (runs - 1));
    }
    Column taken = column.takeRuns(starts, runLength);
    return new Sample(taken, rows / (double) taken.rows());
  }
}
