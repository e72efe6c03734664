package dev.quiver.expression.filter;

/**
 * Floats as sortable longs: the key order is the SQL order of floats, where {@code -0.0 = 0.0} and NaN
 * equals NaN and is greater than every other value (infinity included).
 */
final class FloatKeys {
  /** The key of every NaN. */
  static final long NAN_KEY = key(Double.NaN);

  private FloatKeys() {}

  static long key(double value) {
    long bits = Double.doubleToLongBits(value + 0.0);
    return bits ^ ((bits >> 63) & Long.MAX_VALUE);
  }
}
