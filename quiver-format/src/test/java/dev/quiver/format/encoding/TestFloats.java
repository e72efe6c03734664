package dev.quiver.format.encoding;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Floating-point data sets for the ALP suites, as raw bits in {@link TestColumnType.Shape#FLOAT}
 * form (float32 in the low 32 bits, sign-extended); null is a null row. All drawn from a seeded
 * {@link Random}.
 */
final class TestFloats {
  private TestFloats() {}

  /** The float data sets. */
  enum FloatDataset {
    /** Prices with two decimals, 0.01 to 10 000.00. */
    PRICES,
    /** A random walk rounded to three decimals, like a sensor's readings. */
    SENSOR,
    /** Uniform in [0, 1): full-precision "real doubles". */
    RANDOM,
    /** Random bit patterns: any value, NaN payloads included. */
    RANDOM_BITS,
    /** Whole numbers. */
    INTEGERS,
    /** One value in every row. */
    ALL_EQUAL,
    /** MIN_VALUE, MAX_VALUE, subnormals, +-0.0, +-inf, NaNs with several payloads, shuffled with prices. */
    EXTREMES,
    /** Prices with a tenth of the rows null. */
    PRICES_WITH_NULLS,
    /** Every row null. */
    ALL_NULL,
    /** No rows. */
    EMPTY,
    /** One row. */
    SINGLE
  }

  static List<Object> generate(TestColumnType type, FloatDataset dataset, Random random, int rows) {
    boolean single = type.width == 4;
    List<Object> values = new ArrayList<>();
    switch (dataset) {
      case EMPTY:
        return values;
      case SINGLE:
        values.add(bits(single, random.nextInt(1_000_000) / 100.0));
        return values;
      case ALL_NULL:
        for (int i = 0; i < rows; i++) {
          values.add(null);
        }
        return values;
      case ALL_EQUAL: {
        Object value = bits(single, random.nextInt(100_000) / 1000.0);
        for (int i = 0; i < rows; i++) {
          values.add(value);
        }
        return values;
      }
      case EXTREMES:
        values.addAll(extremes(single));
        values.addAll(extremes(single));
        while (values.size() < rows) {
          values.add(bits(single, price(random)));
        }
        Collections.shuffle(values, random);
        return values;
      default:
        break;
    }
    double walk = 20;
    for (int i = 0; i < rows; i++) {
      switch (dataset) {
        case PRICES:
          values.add(bits(single, price(random)));
          break;
        case PRICES_WITH_NULLS:
          values.add(random.nextInt(10) == 0 ? null : bits(single, price(random)));
          break;
        case SENSOR:
          walk += random.nextGaussian() * 0.05;
          values.add(bits(single, Math.round(walk * 1000) / 1000.0));
          break;
        case RANDOM:
          values.add(bits(single, random.nextDouble()));
          break;
        case RANDOM_BITS:
          values.add(single ? (long) random.nextInt() : random.nextLong());
          break;
        default: // INTEGERS
          values.add(bits(single, random.nextInt(2_000_001) - 1_000_000));
          break;
      }
    }
    return values;
  }

  /** A price with two decimals, as a double parsed from text would be. */
  static double price(Random random) {
    return (1 + random.nextInt(1_000_000)) / 100.0;
  }

  /** The raw bits of {@code value} as a double, or as the float nearest it. */
  static long bits(boolean single, double value) {
    return single ? (long) Float.floatToRawIntBits((float) value) : Double.doubleToRawLongBits(value);
  }

  static List<Object> extremes(boolean single) {
    List<Object> values = new ArrayList<>();
    if (single) {
      for (int bits : new int[] {Float.floatToRawIntBits(Float.MIN_VALUE), Float.floatToRawIntBits(Float.MAX_VALUE),
          Float.floatToRawIntBits(-Float.MAX_VALUE), Float.floatToRawIntBits(Float.MIN_NORMAL), 0x00400000,
          0x807FFFFF, 0x80000000, 0, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0x7FBFFFFF, 0xFFC00123,
          0xFFFFFFFF, Float.floatToRawIntBits(1e10f), Float.floatToRawIntBits(-1e-10f)}) {
        values.add((long) bits);
      }
      return values;
    }
    for (long bits : new long[] {Double.doubleToRawLongBits(Double.MIN_VALUE),
        Double.doubleToRawLongBits(Double.MAX_VALUE), Double.doubleToRawLongBits(-Double.MAX_VALUE),
        Double.doubleToRawLongBits(Double.MIN_NORMAL), 0x0008000000000000L, 0x800FFFFFFFFFFFFFL,
        0x8000000000000000L, 0L, 0x7FF0000000000000L, 0xFFF0000000000000L, 0x7FF8000000000000L,
        0x7FF0000000000001L, 0x7FF7FFFFFFFFFFFFL, 0xFFF8000000000123L, 0xFFFFFFFFFFFFFFFFL,
        Double.doubleToRawLongBits(0x1p62), Double.doubleToRawLongBits(-0x1p63), Double.doubleToRawLongBits(1e300),
        Double.doubleToRawLongBits(-1e-300), Double.doubleToRawLongBits(Long.MAX_VALUE)}) {
      values.add(bits);
    }
    return values;
  }
}
