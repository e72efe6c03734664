package dev.quiver.shuffle.partition;

/** The byte form {@code BigInteger.toByteArray()} gives a 128-bit integer, without a BigInteger. */
final class TwosComplement {
  private TwosComplement() {}

  /**
   * Writes the shortest big-endian two's complement of the 128-bit value {@code (high, low)} to
   * {@code target[0, n)} and returns n (1 to 16): zero is one byte {@code 00}, -1 one byte {@code FF}.
   */
  static int toMinimalBigEndian(long high, long low, byte[] target) {
    boolean negative = high < 0;
    long magnitudeHigh = negative ? ~high : high;
    long magnitudeLow = negative ? ~low : low;
    int leadingZeros = magnitudeHigh != 0
        ? Long.numberOfLeadingZeros(magnitudeHigh)
        : 64 + Long.numberOfLeadingZeros(magnitudeLow);
    int bitLength = 128 - leadingZeros;
    int length = bitLength / 8 + 1;
    for (int i = 0; i < length; i++) {
      int byteFromLeast = length - 1 - i;
      long word = byteFromLeast >= 8 ? high : low;
      target[i] = (byte) (word >>> (8 * (byteFromLeast & 7)));
    }
    return length;
  }
}
