package dev.quiver.format.encoding;

/**
 * The arithmetic of ALP (Afroozeh, Kuffó, Boncz, SIGMOD 2024), shared by its encoder and decoder so
 * that both compute exactly the same thing. A float64 value v with exponent e and factor f
 * ({@code 0 <= f <= e <= 18}) becomes the integer {@code d = rint(v * 10^e * 10^-f)}, and decodes as
 * {@code d * 10^f * 10^-e}, each step one IEEE 754 double operation in this order (Java evaluates
 * them strictly, so the result is the same on every machine). float32 works the same with {@code
 * e <= 10}, computed in double arithmetic and rounded to float once at the end (float arithmetic
 * throughout, as the paper has it, leaves a quarter of two-decimal prices as exceptions; one
 * rounding leaves almost none). The encoder keeps d only when {@link #decodeDouble} (or {@link
 * #decodeFloat}) of it gives back the original bits; every other value is an exception, stored
 * as it is. {@code 10^-k} is the double nearest to it, as the Java literal gives it.
 */
final class AlpArithmetic {
  private AlpArithmetic() {}

  /** Largest exponent of a float64 node. */
  static final int MAXIMUM_DOUBLE_EXPONENT = 18;
  /** Largest exponent of a float32 node. */
  static final int MAXIMUM_FLOAT_EXPONENT = 10;
  /** Scaled float64 values beyond this magnitude are exceptions (their digits would not fit an int64). */
  private static final double DOUBLE_DIGITS_LIMIT = 0x1p62;
  /** Scaled float32 values beyond this magnitude are exceptions (their digits would not fit an int32). */
  private static final double FLOAT_DIGITS_LIMIT = 0x1p30;

  private static final double[] POWERS = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
      1e13, 1e14, 1e15, 1e16, 1e17, 1e18};
  private static final double[] INVERSE_POWERS = {1e0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9,
      1e-10, 1e-11, 1e-12, 1e-13, 1e-14, 1e-15, 1e-16, 1e-17, 1e-18};

  /** The largest exponent of {@code type} (float32 or float64). */
  static int maximumExponent(PhysicalType type) {
    return type == PhysicalType.FLOAT64 ? MAXIMUM_DOUBLE_EXPONENT : MAXIMUM_FLOAT_EXPONENT;
  }

  static double power(int k) {
    return POWERS[k];
  }

  static double inversePower(int k) {
    return INVERSE_POWERS[k];
  }

  /** The decoded double: {@code digits * 10^f * 10^-e}, given {@code power(f)} and {@code inversePower(e)}. */
  static double decodeDouble(long digits, double factorPower, double exponentInverse) {
    return (double) digits * factorPower * exponentInverse;
  }

  /** The decoded float: {@code digits * 10^f * 10^-e} in double arithmetic, rounded to float once. */
  static float decodeFloat(int digits, double factorPower, double exponentInverse) {
    return (float) ((double) digits * factorPower * exponentInverse);
  }

  /**
   * The digits of the raw bits {@code bits} (a float64, or a float32 in the low 32 bits) under (e,
   * f), or {@link Long#MIN_VALUE} when the value is an exception: its digits do not decode to the
   * very same bits (NaN, infinities, -0.0, too many significant digits) or do not fit.
   */
  static long digits(long bits, PhysicalType type, int exponent, int factor) {
    if (type == PhysicalType.FLOAT64) {
      double scaled = Double.longBitsToDouble(bits) * POWERS[exponent] * INVERSE_POWERS[factor];
      if (!(Math.abs(scaled) <= DOUBLE_DIGITS_LIMIT)) {
        return Long.MIN_VALUE;
      }
      long digits = (long) Math.rint(scaled);
      double decoded = decodeDouble(digits, POWERS[factor], INVERSE_POWERS[exponent]);
      return Double.doubleToRawLongBits(decoded) == bits ? digits : Long.MIN_VALUE;
    }
    int floatBits = (int) bits;
    double scaled = (double) Float.intBitsToFloat(floatBits) * POWERS[exponent] * INVERSE_POWERS[factor];
    if (!(Math.abs(scaled) <= FLOAT_DIGITS_LIMIT)) {
      return Long.MIN_VALUE;
    }
    int digits = (int) Math.rint(scaled);
    float decoded = decodeFloat(digits, POWERS[factor], INVERSE_POWERS[exponent]);
    return Float.floatToRawIntBits(decoded) == floatBits ? digits : Long.MIN_VALUE;
  }
}
