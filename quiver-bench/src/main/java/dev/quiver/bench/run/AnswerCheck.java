package dev.quiver.bench.run;

/**
 * How a suite compares a measurement's full check ({@link Outcome#checksum()}) with the reference
 * system's: exactly by default ({@link #EXACT}); a suite whose answers hold floating-point values
 * gives a comparison with a tolerance.
 */
@FunctionalInterface
public interface AnswerCheck {
  /** Exact text equality. */
  AnswerCheck EXACT = (expected, actual) -> expected.equals(actual) ? null : "the texts differ";

  /**
   * Compares {@code actual} with {@code expected}.
   *
   * @return null when {@code actual} is the same answer as {@code expected}, else one line saying
   *     where they first differ
   */
  String difference(String expected, String actual);
}
