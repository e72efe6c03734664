package dev.quiver.exec.expression;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Decimals as unscaled integers at one scale: {@code values} (scaled longs) while every value fits a
 * long, else {@code wide} (BigInteger, then authoritative for every row). NULL rows hold 0.
 */
final class DecimalColumn extends Column {
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  /** {@link #bound} when nothing is known of the values' magnitudes. */
  static final long UNBOUNDED = -1;

  final int scale;
  long[] values;
  BigInteger[] wide;
  /** {@link #bound} before it is asked for. */
  private static final long NOT_COMPUTED = -2;
  /** What {@link #bound()} answers, computed when first asked for unless an operator that made the column set it. */
  private long bound = NOT_COMPUTED;

  DecimalColumn(int scale, long[] values, boolean[] nulls) {
    super(values.length, nulls);
    this.scale = scale;
    this.values = values;
  }

  DecimalColumn(int scale, BigInteger[] wide, boolean[] nulls) {
    super(wide.length, nulls);
    this.scale = scale;
    this.wide = wide;
  }

  /** A column from unscaled values: scaled longs when they all fit, else wide. */
  static DecimalColumn of(int scale, BigInteger[] unscaled, boolean[] nulls) {
    long[] longs = new long[unscaled.length];
    for (int i = 0; i < unscaled.length; i++) {
      BigInteger value = unscaled[i];
      if (value == null) {
        unscaled[i] = BigInteger.ZERO;
      } else if (value.bitLength() < 64) {
        longs[i] = value.longValue();
      } else {
        return new DecimalColumn(scale, unscaled, nulls);
      }
    }
    return new DecimalColumn(scale, longs, nulls);
  }

  /** This column with {@link #bound()} known (UNBOUNDED allowed): an upper bound its maker derived. */
  DecimalColumn withBound(long magnitude) {
    if (wide != null) {
      bound = UNBOUNDED;
    } else if (magnitude >= 0) {
      bound = magnitude;
    } // else the derived bound gave up: the values' own bound is found if asked for
    return this;
  }

  /** {@link #bound()} when already known, else UNBOUNDED (never computes it). */
  long knownBound() {
    return bound == NOT_COMPUTED ? UNBOUNDED : bound;
  }

  /**
   * An upper bound of every value's magnitude ({@code |values[i]| <= bound} for all rows, NULL rows included), or
   * {@link #UNBOUNDED} (always for a wide column): arithmetic whose result's bound fits a long skips its overflow
   * checks. Computed once, in one pass over the values, when first asked for.
   */
  long bound() {
    if (bound == NOT_COMPUTED) {
      if (wide != null) {
        bound = UNBOUNDED;
      } else {
        long magnitudeBits = 0;
        for (int i = 0; i < size; i++) {
          long value = values[i];
          magnitudeBits |= value ^ (value >> 63);
        }
        bound = boundOfBits(magnitudeBits);
      }
    }
    return bound;
  }

  /**
   * The bound of values whose magnitudes' bits, {@code v ^ (v >> 63)} (that is {@code |v|} for {@code v >= 0} and
   * {@code |v| - 1} below), OR to {@code magnitudeBits}.
   */
  static long boundOfBits(long magnitudeBits) {
    return magnitudeBits == Long.MAX_VALUE ? UNBOUNDED : magnitudeBits + 1;
  }

  /** {@code a * b} for two bounds, UNBOUNDED when either is or the product does not fit a long. */
  static long productBound(long a, long b) {
    if (a < 0 || b < 0) {
      return UNBOUNDED;
    }
    long product = a * b;
    return Math.multiplyHigh(a, b) == 0 && product >= 0 ? product : UNBOUNDED;
  }

  /** {@code a + b} for two bounds, UNBOUNDED when either is or the sum does not fit a long. */
  static long sumBound(long a, long b) {
    if (a < 0 || b < 0) {
      return UNBOUNDED;
    }
    long sum = a + b;
    return sum < 0 ? UNBOUNDED : sum;
  }

  /** A constant's magnitude as a bound (UNBOUNDED for {@code Long.MIN_VALUE}). */
  static long magnitude(long value) {
    return value == Long.MIN_VALUE ? UNBOUNDED : Math.abs(value);
  }

  boolean isWide() {
    return wide != null;
  }

  BigInteger big(int row) {
    return wide != null ? wide[row] : BigInteger.valueOf(values[row]);
  }

  BigDecimal decimal(int row) {
    return new BigDecimal(big(row), scale);
  }

  /** The unscaled values as BigIntegers (a new array for a long column). */
  BigInteger[] bigValues() {
    if (wide != null) {
      return wide;
    }
    BigInteger[] result = new BigInteger[size];
    for (int i = 0; i < size; i++) {
      result[i] = BigInteger.valueOf(values[i]);
    }
    return result;
  }

  static boolean fitsLong(BigInteger value) {
    return value.compareTo(LONG_MIN) >= 0 && value.compareTo(LONG_MAX) <= 0;
  }

  @Override
  DecimalColumn gather(int[] indexes, int count) {
    boolean[] gatheredNulls = gatherNulls(nulls, indexes, count);
    if (wide != null) {
      BigInteger[] result = new BigInteger[count];
      for (int i = 0; i < count; i++) {
        int index = indexes[i];
        result[i] = index < 0 ? BigInteger.ZERO : wide[index];
      }
      return of(scale, result, gatheredNulls);
    }
    long[] result = new long[count];
    for (int i = 0; i < count; i++) {
      int index = indexes[i];
      result[i] = index < 0 ? 0 : values[index];
    }
    return new DecimalColumn(scale, result, gatheredNulls);
  }

  @Override
  DecimalColumn nullsLike(int count) {
    return new DecimalColumn(scale, new long[count], allNulls(count));
  }

  @Override
  void copyRow(int from, Column target, int to) {
    DecimalColumn decimals = (DecimalColumn) target;
    decimals.bound = NOT_COMPUTED;
    if (decimals.scale != scale) {
      throw new IllegalStateException("decimal scales differ: " + scale + " and " + decimals.scale);
    }
    if (decimals.wide == null && wide != null && !fitsLong(wide[from])) {
      decimals.wide = decimals.bigValues();
      decimals.values = null;
    }
    if (decimals.wide != null) {
      decimals.wide[to] = big(from);
    } else {
      decimals.values[to] = wide != null ? wide[from].longValue() : values[from];
    }
    if (isNull(from)) {
      decimals.setNull(to);
    }
  }
}
