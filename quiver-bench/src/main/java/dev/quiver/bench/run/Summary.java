package dev.quiver.bench.run;

import java.util.Arrays;

/** Median, minimum and maximum of measured values. */
public record Summary(double median, double minimum, double maximum, int count) {
  public static Summary of(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values");
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    double median = sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    return new Summary(median, sorted[0], sorted[sorted.length - 1], sorted.length);
  }
}
