package dev.quiver.format.encoding;

import java.math.BigInteger;

/**
 * Count, exact sum, minimum and maximum of the selected non-null rows of an integer segment
 * ({@link EncodedIntegers#sum}). The sum is a signed 128-bit integer {@code sumHigh:sumLow}: a segment
 * holds at most {@link EncodingFormat#MAXIMUM_ROWS} (2^24) rows of at most 64 bits, so it never
 * overflows. Decimal columns sum their unscaled values.
 *
 * @param count selected non-null rows
 * @param sumHigh the high 64 bits of the sum (two's complement)
 * @param sumLow the low 64 bits of the sum
 * @param minimum the smallest selected value; {@link Long#MAX_VALUE} when {@code count} is 0
 * @param maximum the largest selected value; {@link Long#MIN_VALUE} when {@code count} is 0
 */
public record IntegerSummary(long count, long sumHigh, long sumLow, long minimum, long maximum) {
  /** The sum as a BigInteger. */
  public BigInteger sum() {
    return BigInteger.valueOf(sumHigh).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(sumLow)));
  }

  /** Whether the sum fits a long (then it is {@link #sumLow}). */
  public boolean sumFitsLong() {
    return sumHigh == (sumLow >> 63);
  }
}
