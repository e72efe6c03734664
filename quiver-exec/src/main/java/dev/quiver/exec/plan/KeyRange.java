package dev.quiver.exec.plan;

/**
 * The smallest and largest value an integer (or date) group key can take, from the statistics of
 * the column it comes from. Only a hint for choosing a strategy: an operator given a range must
 * still answer correctly for a value outside it.
 */
public record KeyRange(long minimum, long maximum) {
  public KeyRange {
    if (maximum < minimum) {
      throw new IllegalArgumentException("an empty key range: " + minimum + ".." + maximum);
    }
  }

  /** Values in the range, saturating at {@link Long#MAX_VALUE}. */
  public long width() {
    long width = maximum - minimum + 1;
    return width <= 0 ? Long.MAX_VALUE : width;
  }

  @Override
  public String toString() {
    return minimum + ".." + maximum;
  }
}
