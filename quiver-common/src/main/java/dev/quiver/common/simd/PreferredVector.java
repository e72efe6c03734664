package dev.quiver.common.simd;

import jdk.incubator.vector.LongVector;

/** The preferred vector size; loaded only when the Vector API module is present. */
final class PreferredVector {
  private PreferredVector() {}

  static int bits() {
    return LongVector.SPECIES_PREFERRED.vectorBitSize();
  }
}
