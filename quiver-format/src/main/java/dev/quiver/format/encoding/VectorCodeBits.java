package dev.quiver.format.encoding;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Row bits from a block of unpacked codes (offsets of a frame of reference, or dictionary codes) with
 * the JDK Vector API: a vector of codes is tested at once and its lane mask becomes bits through a
 * blend of the lanes' own bits and an OR across lanes (the JDK 17 Vector API has no cheap mask to
 * long). Loaded only when {@link IntegerSelector} chooses it ({@code Simd.enabled()}); its scalar
 * loops are the path this replaces. Every method fills whole 64-row words: {@code count} is a
 * multiple of 64, the caller's scalar loop takes a last partial word.
 */
final class VectorCodeBits {
  private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
  private static final IntVector LANE_BITS = laneBits();
  private static final long LANE_MASK = (1L << INTS.length()) - 1;

  private VectorCodeBits() {}

  /** Whether the preferred vector divides a 64-row word (8 or 16 int lanes on AVX2 and AVX-512). */
  static boolean available() {
    return 64 % INTS.length() == 0;
  }

  /**
   * Writes {@code bits[word + w]} for each 64 codes of {@code codes[0, count)}: bit j set when code j
   * satisfies {@code low <= code <= low + span} taken as unsigned 32-bit arithmetic (every code of a
   * stream of up to 32 bits), or fails it when {@code negated}.
   */
  static void interval(int[] codes, int count, int low, int span, boolean negated, long[] bits, int word) {
    int lanes = INTS.length();
    for (int first = 0; first < count; first += 64, word++) {
      long result = 0;
      for (int j = 0; j < 64; j += lanes) {
        IntVector offsets = IntVector.fromArray(INTS, codes, first + j).sub(low);
        VectorMask<Integer> inside = offsets.compare(VectorOperators.UNSIGNED_LE, span);
        result |= (LANE_BITS.blend(0, inside.not()).reduceLanes(VectorOperators.OR) & LANE_MASK) << j;
      }
      bits[word] = negated ? ~result : result;
    }
  }

  /**
   * Writes {@code bits[word + w]} for each 64 codes of {@code codes[0, count)} (each below 64): bit j
   * set when bit {@code code} of {@code passing} is. Returns the largest code seen, for the caller's
   * check against the dictionary's size.
   */
  static int table(int[] codes, int count, long passing, long[] bits, int word) {
    int lanes = INTS.length();
    IntVector lowHalf = IntVector.broadcast(INTS, (int) passing);
    IntVector highHalf = IntVector.broadcast(INTS, (int) (passing >>> 32));
    for (int first = 0; first < count; first += 64, word++) {
      long result = 0;
      for (int j = 0; j < 64; j += lanes) {
        IntVector code = IntVector.fromArray(INTS, codes, first + j);
        // the shift takes the count modulo 32: the half is chosen by the code's bit 5
        IntVector shifted = lowHalf.blend(highHalf, code.compare(VectorOperators.GE, 32))
            .lanewise(VectorOperators.LSHR, code);
        VectorMask<Integer> passes = shifted.and(1).compare(VectorOperators.NE, 0);
        result |= (LANE_BITS.blend(0, passes.not()).reduceLanes(VectorOperators.OR) & LANE_MASK) << j;
      }
      bits[word] = result;
    }
    // the largest code in a plain loop (the JIT vectorizes the reduction): a vector carried across the loop above
    // was boxed, a fifth of a TPC-H run's heap allocation in JFR's samples
    int largest = 0;
    for (int i = 0; i < count; i++) {
      largest = Math.max(largest, codes[i]);
    }
    return largest;
  }

  private static IntVector laneBits() {
    int[] lanes = new int[INTS.length()];
    for (int lane = 0; lane < lanes.length; lane++) {
      lanes[lane] = 1 << lane;
    }
    return IntVector.fromArray(INTS, lanes, 0);
  }
}
