package dev.quiver.exec.expression;

import java.util.List;

/**
 * {@code hash(a, ...)}: Quiver's own stable 64-bit hash (not DuckDB's): per argument a 64-bit value
 * (an integer, date or timestamp its value; a float its IEEE bits, with -0.0 as 0.0 and every NaN as one;
 * a decimal its unscaled value and scale; a boolean 1 or 0; a string FNV-1a over its UTF-8 bytes; NULL
 * a fixed constant), each mixed into the running hash with a multiply-xorshift finalizer. Never NULL,
 * the same on every batch and run; equal values of one type hash equal.
 */
final class HashNode extends Node {
  private static final long SEED = 0x9E37_79B9_7F4A_7C15L;
  private static final long NULL_VALUE = 0x5851_F42D_4C95_7F2DL;
  private static final long FNV_OFFSET = 0xCBF2_9CE4_8422_2325L;
  private static final long FNV_PRIME = 0x0000_0100_0000_01B3L;

  private final List<Node> arguments;

  HashNode(List<Node> arguments) {
    super(Types.INT64);
    this.arguments = List.copyOf(arguments);
  }

  @Override
  Column evaluate(EvaluationContext context) {
    int count = context.count;
    long[] hashes = new long[count];
    java.util.Arrays.fill(hashes, SEED);
    long[] values = new long[count];
    for (Node argument : arguments) {
      Column column = argument.evaluate(context);
      valuesOf(column, values, count);
      for (int i = 0; i < count; i++) {
        hashes[i] = mix(hashes[i] ^ (column.isNull(i) ? NULL_VALUE : mix(values[i])));
      }
    }
    return new LongColumn(hashes, null);
  }

  private static void valuesOf(Column column, long[] values, int count) {
    if (column instanceof LongColumn longs) {
      System.arraycopy(longs.values, 0, values, 0, count);
    } else if (column instanceof DoubleColumn doubles) {
      for (int i = 0; i < count; i++) {
        double value = doubles.values[i];
        values[i] = value == 0.0 ? 0L : Double.doubleToLongBits(value);
      }
    } else if (column instanceof BoolColumn bools) {
      for (int i = 0; i < count; i++) {
        values[i] = bools.values[i] ? 1 : 0;
      }
    } else if (column instanceof StringColumn strings) {
      for (int i = 0; i < count; i++) {
        long hash = FNV_OFFSET;
        for (int k = strings.offsets[i]; k < strings.offsets[i + 1]; k++) {
          hash = (hash ^ (strings.data[k] & 0xFF)) * FNV_PRIME;
        }
        values[i] = hash;
      }
    } else if (column instanceof DecimalColumn decimals) {
      for (int i = 0; i < count; i++) {
        java.math.BigInteger value = decimals.isWide() ? decimals.wide[i] : null;
        long unscaled = value == null ? decimals.values[i]
            : value.bitLength() < 64 ? value.longValue() : value.hashCode() ^ value.shiftRight(64).longValue();
        values[i] = unscaled * 31 + decimals.scale;
      }
    } else {
      java.util.Arrays.fill(values, 0, count, 0L);
    }
  }

  /** A multiply-xorshift finalizer (the constants of SplitMix64). */
  static long mix(long value) {
    long z = value;
    z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
    return z ^ (z >>> 31);
  }
}
