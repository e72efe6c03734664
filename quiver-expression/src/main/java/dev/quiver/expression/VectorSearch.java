package dev.quiver.expression;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Where a needle may start in a byte string, 32 positions at a time with the JDK Vector API: a position
 * is a candidate when the needle's first byte is there, its second byte one on (a needle of three bytes
 * or more) and its last byte {@code size - 1} bytes on.
 * Loaded only when {@link LikePattern} chooses it ({@code Simd.enabled()}); the caller verifies each
 * candidate (its scalar loop is the path this replaces). Never reads past {@code length}.
 */
final class VectorSearch {
  /** 32 lanes: a comment of a few dozen bytes is two vectors. */
  static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_256;
  static final int LANES = BYTES.length();

  private VectorSearch() {}

  /**
   * The first position {@code p >= from} of the vector walk whose block {@code [p, p + LANES)} holds a
   * candidate start, or -1 when no start in {@code [from, lastStart]} is a candidate. Needs
   * {@code lastStart - from + 1 >= LANES} (at least one whole block) and {@code lastStart + size <= length
   * <= value.length}. The last block is moved back to end at {@code lastStart}, so it may overlap the one
   * before it.
   */
  static int candidateBlock(byte[] value, int from, int lastStart, byte first, byte second, byte last, int size) {
    int secondOffset = size >= 3 ? 1 : 0;
    int finalBlock = lastStart - LANES + 1;
    int position = from;
    while (true) {
      if (position > finalBlock) {
        position = finalBlock;
      }
      ByteVector starts = ByteVector.fromArray(BYTES, value, position);
      ByteVector seconds = ByteVector.fromArray(BYTES, value, position + secondOffset);
      ByteVector ends = ByteVector.fromArray(BYTES, value, position + size - 1);
      if (starts.compare(VectorOperators.EQ, first).and(seconds.compare(VectorOperators.EQ, second))
          .and(ends.compare(VectorOperators.EQ, last)).anyTrue()) {
        return position;
      }
      if (position == finalBlock) {
        return -1;
      }
      position += LANES;
    }
  }
}
