package dev.quiver.format.encoding;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Test values per type and data set (see {@link TestColumnType.Shape} for their Java forms); null
 * is a null row. Every data set is drawn from a seeded {@link Random}.
 */
final class TestValues {
  private TestValues() {}

  /** The data sets of the conformance suite: rows (-1: fixed by the type) and the share of nulls. */
  enum Dataset {
    RANDOM(2000, 0),
    RANDOM_WITH_NULLS(2000, 0.2),
    ALL_NULL(100, 1),
    EMPTY(0, 0),
    SINGLE(1, 0),
    SINGLE_NULL(1, 1),
    EXTREMES(-1, 0.1),
    CONSTANT(600, 0.05),
    SORTED(3000, 0.05),
    LOW_CARDINALITY(3000, 0.1),
    RUNS(3000, 0.05),
    SPARSE(3000, 0.02);

    final int rows;
    final double nullShare;

    Dataset(int rows, double nullShare) {
      this.rows = rows;
      this.nullShare = nullShare;
    }
  }

  static List<Object> generate(TestColumnType type, Dataset dataset, Random random) {
    List<Object> values = new ArrayList<>();
    switch (dataset) {
      case EXTREMES:
        for (int copy = 0; copy < 3; copy++) {
          values.addAll(extremes(type, random));
        }
        Collections.shuffle(values, random);
        break;
      case CONSTANT: {
        Object value = randomValue(type, random);
        for (int i = 0; i < dataset.rows; i++) {
          values.add(value);
        }
        break;
      }
      case SORTED:
        values.addAll(sorted(type, dataset.rows, random));
        break;
      case LOW_CARDINALITY: {
        List<Object> distinct = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
          distinct.add(randomValue(type, random));
        }
        for (int i = 0; i < dataset.rows; i++) {
          values.add(distinct.get(random.nextInt(distinct.size())));
        }
        break;
      }
      case RUNS:
        while (values.size() < dataset.rows) {
          Object value = randomValue(type, random);
          int length = 1 + random.nextInt(60);
          for (int i = 0; i < length && values.size() < dataset.rows; i++) {
            values.add(value);
          }
        }
        break;
      case SPARSE: {
        Object fill = randomValue(type, random);
        for (int i = 0; i < dataset.rows; i++) {
          values.add(random.nextInt(100) < 97 ? fill : randomValue(type, random));
        }
        break;
      }
      default:
        for (int i = 0; i < dataset.rows; i++) {
          values.add(randomValue(type, random));
        }
        break;
    }
    for (int i = 0; i < values.size(); i++) {
      if (dataset.nullShare >= 1 || random.nextDouble() < dataset.nullShare) {
        values.set(i, null);
      }
    }
    return values;
  }

  static Object randomValue(TestColumnType type, Random random) {
    switch (type.shape) {
      case INTEGER:
        return LittleEndian.truncate(random.nextLong(), type.width);
      case FLOAT:
        if (type.width == 4) {
          int bits = random.nextInt(8) == 0 ? random.nextInt()
              : Float.floatToRawIntBits((float) (random.nextGaussian() * 1000));
          return (long) bits;
        }
        return random.nextInt(8) == 0 ? random.nextLong() : Double.doubleToRawLongBits(random.nextGaussian() * 1e6);
      case BOOLEAN:
        return random.nextBoolean();
      case TEXT:
        return randomText(random, random.nextInt(25));
      case BYTES: {
        byte[] bytes = new byte[random.nextInt(25)];
        random.nextBytes(bytes);
        return bytes;
      }
      default: {
        BigInteger limit = BigInteger.TEN.pow(type.precision());
        BigInteger magnitude = new BigInteger(limit.bitLength() + 8, random).mod(limit);
        return random.nextBoolean() ? magnitude : magnitude.negate();
      }
    }
  }

  static byte[] randomText(Random random, int codePoints) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < codePoints; i++) {
      int pick = random.nextInt(10);
      if (pick < 6) {
        text.append((char) ('a' + random.nextInt(26)));
      } else if (pick < 8) {
        text.append((char) (0xE0 + random.nextInt(0x20))); // two bytes in UTF-8
      } else if (pick < 9) {
        text.append((char) (0x4E00 + random.nextInt(0x1000))); // three bytes
      } else {
        text.appendCodePoint(0x1F600 + random.nextInt(0x40)); // four bytes
      }
    }
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Over 64 KiB of UTF-8 with many multi-byte characters. */
  static byte[] largeText(Random random) {
    byte[] text = randomText(random, 50_000);
    while (text.length <= 70_000) {
      text = randomText(random, 60_000);
    }
    return text;
  }

  private static List<Object> sorted(TestColumnType type, int rows, Random random) {
    List<Object> values = new ArrayList<>();
    if (type.shape == TestColumnType.Shape.INTEGER) {
      long value = type.width == 1 ? -100 : random.nextInt(1_000_000);
      for (int i = 0; i < rows; i++) {
        value += type.width == 1 ? (random.nextInt(20) == 0 ? 1 : 0) : random.nextInt(4);
        values.add(LittleEndian.truncate(value, type.width));
      }
      return values;
    }
    for (int i = 0; i < rows; i++) {
      values.add(randomValue(type, random));
    }
    values.sort(comparator(type));
    return values;
  }

  private static Comparator<Object> comparator(TestColumnType type) {
    switch (type.shape) {
      case FLOAT:
        return Comparator.comparingDouble(value -> type.width == 4
            ? Float.intBitsToFloat((int) (long) (Long) value) : Double.longBitsToDouble((Long) value));
      case BOOLEAN:
        return (a, b) -> Boolean.compare((Boolean) a, (Boolean) b);
      case TEXT:
      case BYTES:
        return (a, b) -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
      case DECIMAL:
        return (a, b) -> ((BigInteger) a).compareTo((BigInteger) b);
      default:
        return (a, b) -> Long.compare((Long) a, (Long) b);
    }
  }

  /** Boundary values of a type. */
  static List<Object> extremes(TestColumnType type, Random random) {
    List<Object> values = new ArrayList<>();
    switch (type.shape) {
      case INTEGER: {
        long maximum = type.width == 8 ? Long.MAX_VALUE : (1L << (8 * type.width - 1)) - 1;
        long minimum = type.width == 8 ? Long.MIN_VALUE : -(1L << (8 * type.width - 1));
        values.addAll(List.of(minimum, maximum, 0L, -1L, 1L, minimum + 1, maximum - 1));
        break;
      }
      case FLOAT:
        if (type.width == 4) {
          for (int bits : new int[] {0x7FC00000, 0x7F800001, 0xFFC00123, 0x80000000, 0, 0x7F800000, 0xFF800000,
              Float.floatToRawIntBits(Float.MIN_VALUE), Float.floatToRawIntBits(Float.MAX_VALUE),
              Float.floatToRawIntBits(-Float.MAX_VALUE)}) {
            values.add((long) bits);
          }
        } else {
          for (long bits : new long[] {0x7FF8000000000000L, 0x7FF0000000000001L, 0xFFF8000000000123L,
              0x8000000000000000L, 0L, 0x7FF0000000000000L, 0xFFF0000000000000L,
              Double.doubleToRawLongBits(Double.MIN_VALUE), Double.doubleToRawLongBits(Double.MAX_VALUE),
              Double.doubleToRawLongBits(-Double.MAX_VALUE)}) {
            values.add(bits);
          }
        }
        break;
      case BOOLEAN:
        values.addAll(List.of(true, false, true));
        break;
      case TEXT: {
        for (String text : new String[] {"", "a", "\u00e9", "\u65e5\u672c\u8a9e", "\ud83d\ude42 smile",
            "nul\u0000byte"}) {
          values.add(text.getBytes(StandardCharsets.UTF_8));
        }
        values.add(largeText(random));
        break;
      }
      case BYTES: {
        byte[] large = new byte[70_000];
        random.nextBytes(large);
        values.addAll(List.of(new byte[0], new byte[] {0}, new byte[] {-1, -1, -1}, large));
        break;
      }
      default: {
        BigInteger maximum = BigInteger.TEN.pow(type.precision()).subtract(BigInteger.ONE);
        values.addAll(List.of(maximum, maximum.negate(), BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate()));
        if (type.precision() > 19) {
          values.addAll(List.of(BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE),
              BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE)));
        }
        break;
      }
    }
    return values;
  }
}
