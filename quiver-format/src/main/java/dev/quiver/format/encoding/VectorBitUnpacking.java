package dev.quiver.format.encoding;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Whole-stream bit-unpacking with the JDK Vector API, for 4-byte destinations (1..32 bits, int lanes) and
 * 8-byte ones (1..64 bits, long lanes). A vector of packed words is loaded from the stream at the byte
 * where its first value starts; two {@code rearrange}s give each lane the word holding the start of its
 * value and the next word; lane-wise shifts by the lane's bit offset join the two ({@code lo >>> s |
 * (hi << 1) << (lanebits - 1 - s)}, zero from {@code hi} when {@code s = 0}); then mask, add the base, store.
 *
 * <p>Values go in groups of {@code max(8, lanes)}, a whole number of bytes, so every group has the same
 * shuffles and shifts ({@link Plan}); a group of 8 values in 4 long lanes takes two vectors, each with its
 * own plan. A vector never loads past {@link BitPacking#packedBytes}: the rows after the last group whose
 * loads fit take {@link ScalarBitUnpacking}. Loaded only when {@link BitPacking} chooses it ({@code
 * Simd.enabled()}); the memory is read and written through direct buffers over the callers' addresses.
 */
final class VectorBitUnpacking {
  private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;
  private static final Plan[] INT_PLANS = plans(INTS.length(), 32);
  private static final Plan[] LONG_PLANS = plans(LONGS.length(), 64);
  /** Whether an int vector widens into exactly two long vectors (8-byte destinations of at most 32 bits). */
  private static final boolean WIDENS = INTS.length() == 2 * LONGS.length();

  private VectorBitUnpacking() {}

  /** Whether this kernel unpacks {@code bitWidth}-bit values into {@code width}-byte destinations. */
  static boolean handles(int bitWidth, int width) {
    if (width == 4) {
      return intLanes(bitWidth);
    }
    return width == 8 && bitWidth >= 1 && bitWidth <= 64
        && ((intLanes(bitWidth) && WIDENS) || LONG_PLANS[bitWidth] != null);
  }

  private static boolean intLanes(int bitWidth) {
    return bitWidth >= 1 && bitWidth <= 32 && INT_PLANS[bitWidth] != null && INT_PLANS[bitWidth].next == null;
  }

  /**
   * As {@link BitPacking#unpack(long, int, long, int, int, long)} for a width and bit width that {@link
   * #handles}.
   */
  static void unpack(long source, int bitWidth, long base, int rows, int width, long destination) {
    long packed = BitPacking.packedBytes(rows, bitWidth);
    long written = (long) rows * width;
    if (packed > Integer.MAX_VALUE || written > Integer.MAX_VALUE) {
      ScalarBitUnpacking.unpack(source, bitWidth, base, 0, rows, width, destination);
      return;
    }
    boolean widen = width == 8 && bitWidth <= 32 && WIDENS && intLanes(bitWidth);
    Plan plan = width == 4 || widen ? INT_PLANS[bitWidth] : LONG_PLANS[bitWidth];
    int groups = plan.groups(rows, packed);
    if (groups > 0) {
      ByteBuffer in = MemoryUtil.directBuffer(source, (int) packed).order(ByteOrder.LITTLE_ENDIAN);
      ByteBuffer out = MemoryUtil.directBuffer(destination, (int) written).order(ByteOrder.LITTLE_ENDIAN);
      if (width == 4) {
        ints(in, plan, (int) base, groups, out);
      } else if (widen) {
        widened(in, plan, base, groups, out);
      } else if (plan.next == null) {
        longs(in, plan, base, groups, out);
      } else {
        longPairs(in, plan, plan.next, base, groups, out);
      }
    }
    ScalarBitUnpacking.unpack(source, bitWidth, base, groups * plan.groupValues, rows, width, destination);
  }

  /**
   * As {@link BitPacking#unpackInts} for a bit width this kernel {@linkplain #handlesRanges handles}: the rows
   * before the first whole group and after the last take the scalar loop.
   */
  static void unpackRange(long source, int bitWidth, long first, int count, int[] out) {
    range(source, bitWidth, first, count, out);
  }

  /** As {@link BitPacking#unpack(long, int, long, int, long[])}, as {@link #unpackRange(long, int, long, int, int[])}. */
  static void unpackRange(long source, int bitWidth, long first, int count, long[] out) {
    range(source, bitWidth, first, count, out);
  }

  /** {@code out} is an {@code int[]} or a {@code long[]}. */
  private static void range(long source, int bitWidth, long first, int count, Object out) {
    Plan plan = INT_PLANS[bitWidth];
    int lead = (int) Math.min(count, Math.floorMod(-first, (long) plan.groupValues));
    long start = first + lead;
    long startByte = start * bitWidth / 8; // a group starts on a byte
    long available = BitPacking.packedBytes(first + count, bitWidth) - startByte;
    int groups = available > Integer.MAX_VALUE ? 0 : plan.groups(count - lead, available);
    int done = lead + groups * plan.groupValues;
    if (groups > 0) {
      ByteBuffer in = MemoryUtil.directBuffer(source + startByte, (int) available).order(ByteOrder.LITTLE_ENDIAN);
      if (out instanceof int[]) {
        intsInto(in, plan, groups, (int[]) out, lead);
      } else {
        widenedInto(in, plan, groups, (long[]) out, lead);
      }
    }
    if (out instanceof int[]) {
      int[] ints = (int[]) out;
      ScalarBitUnpacking.unpackInts(source, bitWidth, first, lead, ints, 0);
      ScalarBitUnpacking.unpackInts(source, bitWidth, first + done, count - done, ints, done);
    } else {
      long[] longs = (long[]) out;
      ScalarBitUnpacking.unpack(source, bitWidth, first, lead, longs, 0);
      ScalarBitUnpacking.unpack(source, bitWidth, first + done, count - done, longs, done);
    }
  }

  /** Whether {@link #unpackRange} takes this bit width into ints, and into longs. */
  static boolean handlesRanges(int bitWidth, boolean longs) {
    return intLanes(bitWidth) && (!longs || WIDENS);
  }

  private static void intsInto(ByteBuffer in, Plan plan, int groups, int[] out, int at) {
    VectorShuffle<Integer> low = VectorShuffle.fromArray(INTS, plan.low, 0);
    VectorShuffle<Integer> high = VectorShuffle.fromArray(INTS, plan.high, 0);
    IntVector shifts = IntVector.fromArray(INTS, plan.intShifts, 0);
    IntVector complements = IntVector.fromArray(INTS, plan.intComplements, 0);
    int mask = (int) plan.mask;
    int stride = plan.groupBytes;
    int lanes = INTS.length();
    for (int group = 0, from = plan.offset, to = at; group < groups; group++, from += stride, to += lanes) {
      IntVector words = IntVector.fromByteBuffer(INTS, in, from, ByteOrder.LITTLE_ENDIAN);
      words.rearrange(low).lanewise(VectorOperators.LSHR, shifts)
          .or(words.rearrange(high).lanewise(VectorOperators.LSHL, 1).lanewise(VectorOperators.LSHL, complements))
          .and(mask).intoArray(out, to);
    }
  }

  private static void widenedInto(ByteBuffer in, Plan plan, int groups, long[] out, int at) {
    VectorShuffle<Integer> low = VectorShuffle.fromArray(INTS, plan.low, 0);
    VectorShuffle<Integer> high = VectorShuffle.fromArray(INTS, plan.high, 0);
    IntVector shifts = IntVector.fromArray(INTS, plan.intShifts, 0);
    IntVector complements = IntVector.fromArray(INTS, plan.intComplements, 0);
    int mask = (int) plan.mask;
    int stride = plan.groupBytes;
    int half = LONGS.length();
    for (int group = 0, from = plan.offset, to = at; group < groups; group++, from += stride, to += 2 * half) {
      IntVector words = IntVector.fromByteBuffer(INTS, in, from, ByteOrder.LITTLE_ENDIAN);
      IntVector values = words.rearrange(low).lanewise(VectorOperators.LSHR, shifts)
          .or(words.rearrange(high).lanewise(VectorOperators.LSHL, 1).lanewise(VectorOperators.LSHL, complements))
          .and(mask);
      ((LongVector) values.convertShape(VectorOperators.I2L, LONGS, 0)).and(0xFFFF_FFFFL).intoArray(out, to);
      ((LongVector) values.convertShape(VectorOperators.I2L, LONGS, 1)).and(0xFFFF_FFFFL).intoArray(out, to + half);
    }
  }

  private static void ints(ByteBuffer in, Plan plan, int base, int groups, ByteBuffer out) {
    VectorShuffle<Integer> low = VectorShuffle.fromArray(INTS, plan.low, 0);
    VectorShuffle<Integer> high = VectorShuffle.fromArray(INTS, plan.high, 0);
    IntVector shifts = IntVector.fromArray(INTS, plan.intShifts, 0);
    IntVector complements = IntVector.fromArray(INTS, plan.intComplements, 0);
    int mask = (int) plan.mask;
    int stride = plan.groupBytes;
    int lanes = INTS.length();
    for (int group = 0, at = plan.offset, to = 0; group < groups; group++, at += stride, to += 4 * lanes) {
      IntVector words = IntVector.fromByteBuffer(INTS, in, at, ByteOrder.LITTLE_ENDIAN);
      IntVector values = words.rearrange(low).lanewise(VectorOperators.LSHR, shifts)
          .or(words.rearrange(high).lanewise(VectorOperators.LSHL, 1).lanewise(VectorOperators.LSHL, complements))
          .and(mask).add(base);
      values.intoByteBuffer(out, to, ByteOrder.LITTLE_ENDIAN);
    }
  }

  /** Values of at most 32 bits in int lanes, each vector widened into two long vectors. */
  private static void widened(ByteBuffer in, Plan plan, long base, int groups, ByteBuffer out) {
    VectorShuffle<Integer> low = VectorShuffle.fromArray(INTS, plan.low, 0);
    VectorShuffle<Integer> high = VectorShuffle.fromArray(INTS, plan.high, 0);
    IntVector shifts = IntVector.fromArray(INTS, plan.intShifts, 0);
    IntVector complements = IntVector.fromArray(INTS, plan.intComplements, 0);
    int mask = (int) plan.mask;
    int stride = plan.groupBytes;
    int half = 4 * INTS.length();
    for (int group = 0, at = plan.offset, to = 0; group < groups; group++, at += stride, to += 2 * half) {
      IntVector words = IntVector.fromByteBuffer(INTS, in, at, ByteOrder.LITTLE_ENDIAN);
      IntVector values = words.rearrange(low).lanewise(VectorOperators.LSHR, shifts)
          .or(words.rearrange(high).lanewise(VectorOperators.LSHL, 1).lanewise(VectorOperators.LSHL, complements))
          .and(mask);
      // I2L extends the sign: the mask keeps a 32-bit value unsigned
      ((LongVector) values.convertShape(VectorOperators.I2L, LONGS, 0)).and(0xFFFF_FFFFL).add(base)
          .intoByteBuffer(out, to, ByteOrder.LITTLE_ENDIAN);
      ((LongVector) values.convertShape(VectorOperators.I2L, LONGS, 1)).and(0xFFFF_FFFFL).add(base)
          .intoByteBuffer(out, to + half, ByteOrder.LITTLE_ENDIAN);
    }
  }

  private static void longs(ByteBuffer in, Plan plan, long base, int groups, ByteBuffer out) {
    VectorShuffle<Long> low = VectorShuffle.fromArray(LONGS, plan.low, 0);
    VectorShuffle<Long> high = VectorShuffle.fromArray(LONGS, plan.high, 0);
    LongVector shifts = LongVector.fromArray(LONGS, plan.longShifts, 0);
    LongVector complements = LongVector.fromArray(LONGS, plan.longComplements, 0);
    long mask = plan.mask;
    int stride = plan.groupBytes;
    int lanes = LONGS.length();
    for (int group = 0, at = plan.offset, to = 0; group < groups; group++, at += stride, to += 8 * lanes) {
      LongVector words = LongVector.fromByteBuffer(LONGS, in, at, ByteOrder.LITTLE_ENDIAN);
      words.rearrange(low).lanewise(VectorOperators.LSHR, shifts)
          .or(words.rearrange(high).lanewise(VectorOperators.LSHL, 1).lanewise(VectorOperators.LSHL, complements))
          .and(mask).add(base).intoByteBuffer(out, to, ByteOrder.LITTLE_ENDIAN);
    }
  }

  /** Groups of two long vectors (8 values in 4 lanes), each with its plan. */
  private static void longPairs(ByteBuffer in, Plan first, Plan second, long base, int groups, ByteBuffer out) {
    VectorShuffle<Long> low1 = VectorShuffle.fromArray(LONGS, first.low, 0);
    VectorShuffle<Long> high1 = VectorShuffle.fromArray(LONGS, first.high, 0);
    LongVector shifts1 = LongVector.fromArray(LONGS, first.longShifts, 0);
    LongVector complements1 = LongVector.fromArray(LONGS, first.longComplements, 0);
    VectorShuffle<Long> low2 = VectorShuffle.fromArray(LONGS, second.low, 0);
    VectorShuffle<Long> high2 = VectorShuffle.fromArray(LONGS, second.high, 0);
    LongVector shifts2 = LongVector.fromArray(LONGS, second.longShifts, 0);
    LongVector complements2 = LongVector.fromArray(LONGS, second.longComplements, 0);
    long mask = first.mask;
    int stride = first.groupBytes;
    int lanes = LONGS.length();
    int gap = second.offset - first.offset;
    for (int group = 0, at = first.offset, to = 0; group < groups; group++, at += stride, to += 16 * lanes) {
      LongVector words = LongVector.fromByteBuffer(LONGS, in, at, ByteOrder.LITTLE_ENDIAN);
      words.rearrange(low1).lanewise(VectorOperators.LSHR, shifts1)
          .or(words.rearrange(high1).lanewise(VectorOperators.LSHL, 1).lanewise(VectorOperators.LSHL, complements1))
          .and(mask).add(base).intoByteBuffer(out, to, ByteOrder.LITTLE_ENDIAN);
      LongVector next = LongVector.fromByteBuffer(LONGS, in, at + gap, ByteOrder.LITTLE_ENDIAN);
      next.rearrange(low2).lanewise(VectorOperators.LSHR, shifts2)
          .or(next.rearrange(high2).lanewise(VectorOperators.LSHL, 1).lanewise(VectorOperators.LSHL, complements2))
          .and(mask).add(base).intoByteBuffer(out, to + 8 * lanes, ByteOrder.LITTLE_ENDIAN);
    }
  }

  /**
   * The plans for every bit width 1..{@code laneBits} in lanes of {@code laneBits} bits, {@code null} where
   * a group does not split into one or two vectors whose values all lie inside their loads.
   */
  static Plan[] plans(int lanes, int laneBits) {
    Plan[] plans = new Plan[laneBits + 1];
    int groupValues = Math.max(8, lanes);
    int vectors = groupValues / lanes;
    if (vectors > 2 || groupValues % lanes != 0) {
      return plans;
    }
    for (int bitWidth = 1; bitWidth <= laneBits; bitWidth++) {
      Plan second = vectors == 2 ? Plan.of(lanes, laneBits, bitWidth, groupValues, lanes, null) : null;
      if (vectors == 1 || second != null) {
        plans[bitWidth] = Plan.of(lanes, laneBits, bitWidth, groupValues, 0, second);
      }
    }
    return plans;
  }

  /**
   * The shuffles and shifts of one vector of a group: lane {@code i} holds value {@code firstValue + i} of
   * the group, whose first bit is bit {@code start + i * bitWidth} of the vector loaded at byte {@code
   * offset} of the group.
   */
  static final class Plan {
    final int groupValues;
    final int groupBytes;
    final int offset;
    final int loadBytes;
    final long mask;
    final int[] low;
    final int[] high;
    final int[] intShifts;
    final int[] intComplements;
    final long[] longShifts;
    final long[] longComplements;
    final Plan next;

    private Plan(int lanes, int laneBits, int bitWidth, int groupValues, int offset, Plan next) {
      this.groupValues = groupValues;
      this.groupBytes = groupValues * bitWidth / 8;
      this.offset = offset;
      this.loadBytes = lanes * laneBits / 8;
      this.mask = bitWidth == laneBits ? -1L : (1L << bitWidth) - 1;
      this.next = next;
      low = new int[lanes];
      high = new int[lanes];
      intShifts = new int[lanes];
      intComplements = new int[lanes];
      longShifts = new long[lanes];
      longComplements = new long[lanes];
    }

    /** The plan of the vector holding values {@code [firstValue, firstValue + lanes)}, or null if they do not fit. */
    static Plan of(int lanes, int laneBits, int bitWidth, int groupValues, int firstValue, Plan next) {
      long firstBit = (long) firstValue * bitWidth;
      int start = (int) (firstBit & 7);
      if (start + (long) lanes * bitWidth > (long) lanes * laneBits) {
        return null;
      }
      Plan plan = new Plan(lanes, laneBits, bitWidth, groupValues, (int) (firstBit >>> 3), next);
      for (int lane = 0; lane < lanes; lane++) {
        int bit = start + lane * bitWidth;
        int word = bit / laneBits;
        int shift = bit % laneBits;
        plan.low[lane] = word;
        plan.high[lane] = Math.min(word + 1, lanes - 1);
        plan.intShifts[lane] = shift;
        plan.intComplements[lane] = laneBits - 1 - shift;
        plan.longShifts[lane] = shift;
        plan.longComplements[lane] = laneBits - 1L - shift;
      }
      return plan;
    }

    /**
     * How many whole groups of a stream of {@code rows} rows and {@code packed} bytes this plan (and the
     * next vector's) unpacks with every load inside the stream.
     */
    int groups(int rows, long packed) {
      int lastOffset = next == null ? offset : next.offset;
      long room = packed - lastOffset - loadBytes;
      if (room < 0) {
        return 0;
      }
      return (int) Math.min(rows / groupValues, room / groupBytes + 1);
    }
  }
}
