package dev.quiver.expression.filter;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The interval test {@code low <= key <= high} (or its negation) over consecutive rows, with the
 * JDK Vector API: a vector of keys is compared at once, the lane mask becomes bits, the bits are
 * ANDed with the rows' validity bits and become row positions ({@link SelectionBits}); the last
 * rows (fewer than a vector) take a scalar loop. Loaded only when {@link KeyFilter} chooses it
 * ({@code Simd.enabled()}); {@link KeyFilter}'s own loops are the scalar path it replaces. Rows
 * {@code 0..count-1} are vector rows {@code offset + row}; {@code data} holds the values from byte 0.
 */
final class VectorIntervals {
  private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Double> DOUBLES = DoubleVector.SPECIES_PREFERRED;
  private static final IntVector INT_LANE_BITS = intLaneBits();
  private static final LongVector LONG_LANE_BITS = longLaneBits();
  private static final long CANONICAL_NAN = Double.doubleToLongBits(Double.NaN);

  private VectorIntervals() {}

  /** 32-bit keys; {@code low <= high}. */
  static int ints(ByteBuffer data, long validity, int offset, int count, int low, int high, boolean negated,
      int[] out) {
    ByteBuffer buffer = data.order(ByteOrder.LITTLE_ENDIAN);
    int lanes = INTS.length();
    int bound = count - lanes;
    int passed = 0;
    int row = 0;
    for (; row <= bound; row += lanes) {
      IntVector keys = IntVector.fromByteBuffer(INTS, buffer, (offset + row) * 4, ByteOrder.LITTLE_ENDIAN);
      VectorMask<Integer> inside = keys.compare(VectorOperators.GE, low).and(keys.compare(VectorOperators.LE, high));
      long bits = INT_LANE_BITS.blend(0, negated ? inside : inside.not()).reduceLanes(VectorOperators.OR)
          & 0xFFFF_FFFFL;
      passed = SelectionBits.append(bits & SelectionBits.validity(validity, offset + row, lanes), row, lanes, out,
          passed);
    }
    for (; row < count; row++) {
      int key = buffer.getInt((offset + row) * 4);
      passed = SelectionBits.appendOne(key >= low && key <= high, negated, validity, offset, row, out, passed);
    }
    return passed;
  }

  /** 64-bit keys. */
  static int longs(ByteBuffer data, long validity, int offset, int count, long low, long high, boolean negated,
      int[] out) {
    ByteBuffer buffer = data.order(ByteOrder.LITTLE_ENDIAN);
    int lanes = LONGS.length();
    int bound = count - lanes;
    int passed = 0;
    int row = 0;
    for (; row <= bound; row += lanes) {
      LongVector keys = LongVector.fromByteBuffer(LONGS, buffer, (offset + row) * 8, ByteOrder.LITTLE_ENDIAN);
      VectorMask<Long> inside = keys.compare(VectorOperators.GE, low).and(keys.compare(VectorOperators.LE, high));
      long bits = LONG_LANE_BITS.blend(0, negated ? inside : inside.not()).reduceLanes(VectorOperators.OR);
      passed = SelectionBits.append(bits & SelectionBits.validity(validity, offset + row, lanes), row, lanes, out,
          passed);
    }
    for (; row < count; row++) {
      long key = buffer.getLong((offset + row) * 8);
      passed = SelectionBits.appendOne(key >= low && key <= high, negated, validity, offset, row, out, passed);
    }
    return passed;
  }

  /**
   * 64-bit floats by their {@link FloatKeys} keys: {@code -0.0} is {@code 0.0} and every NaN is the one
   * NaN key, above infinity; {@code low} and {@code high} are keys.
   */
  static int doubles(ByteBuffer data, long validity, int offset, int count, long low, long high, boolean negated,
      int[] out) {
    ByteBuffer buffer = data.order(ByteOrder.LITTLE_ENDIAN);
    int lanes = DOUBLES.length();
    int bound = count - lanes;
    int passed = 0;
    int row = 0;
    for (; row <= bound; row += lanes) {
      DoubleVector values = DoubleVector.fromByteBuffer(DOUBLES, buffer, (offset + row) * 8, ByteOrder.LITTLE_ENDIAN)
          .add(0.0);
      VectorMask<Long> nan = values.compare(VectorOperators.NE, values).cast(LONGS);
      LongVector bits = values.reinterpretAsLongs().blend(CANONICAL_NAN, nan);
      LongVector keys = bits.lanewise(VectorOperators.XOR,
          bits.lanewise(VectorOperators.ASHR, 63).lanewise(VectorOperators.AND, Long.MAX_VALUE));
      VectorMask<Long> inside = keys.compare(VectorOperators.GE, low).and(keys.compare(VectorOperators.LE, high));
      long laneBits = LONG_LANE_BITS.blend(0, negated ? inside : inside.not()).reduceLanes(VectorOperators.OR);
      passed = SelectionBits.append(laneBits & SelectionBits.validity(validity, offset + row, lanes), row, lanes,
          out, passed);
    }
    for (; row < count; row++) {
      long key = FloatKeys.key(buffer.getDouble((offset + row) * 8));
      passed = SelectionBits.appendOne(key >= low && key <= high, negated, validity, offset, row, out, passed);
    }
    return passed;
  }

  private static IntVector intLaneBits() {
    int[] bits = new int[INTS.length()];
    for (int lane = 0; lane < bits.length; lane++) {
      bits[lane] = 1 << lane;
    }
    return IntVector.fromArray(INTS, bits, 0);
  }

  private static LongVector longLaneBits() {
    long[] bits = new long[LONGS.length()];
    for (int lane = 0; lane < bits.length; lane++) {
      bits[lane] = 1L << lane;
    }
    return LongVector.fromArray(LONGS, bits, 0);
  }
}
