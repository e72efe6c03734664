package dev.quiver.format.encoding;

import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * ALP, adaptive lossless floating point, for float64 and float32: metadata u8 exponent e and u8
 * factor f; child {@code digits} (int64 for float64, int32 for float32, one per row) holds {@code
 * rint(v * 10^e * 10^-f)} ({@link AlpArithmetic}) and cascades (frame of reference packs decimal-like
 * data in few bits); optional patches children {@code positions} (int32, strictly increasing) and
 * {@code values} (the node's type) hold the exceptions: the rows whose digits would not decode to the
 * very same bits. Their digits repeat the previous kept row's (the first kept row's for leading
 * ones) so they do not widen the packing.
 *
 * <p>The encoder chooses (e, f) once per node from a sample of up to {@link #SAMPLE_ROWS} rows spread
 * over the column: of every pair with {@code f <= e}, the one whose packed digits plus exceptions
 * are smallest (the paper's first sampling level; its per-vector second level is not done).
 */
final class AlpEncoding {
  private AlpEncoding() {}

  /** Rows the (e, f) search looks at. */
  static final int SAMPLE_ROWS = 1024;
  /** Bits an exception costs besides its row's digits: the value and its position. */
  private static final int EXCEPTION_POSITION_BITS = 32;

  /** The chosen exponent and factor. */
  record Exponents(int exponent, int factor) {}

  static EncodedNode encode(LongColumn column, ChildEncoder children) {
    PhysicalType type = column.type();
    int rows = column.rows();
    long[] values = column.values();
    Exponents chosen = choose(values, rows, type);
    int exponent = chosen.exponent();
    int factor = chosen.factor();
    long[] digits = new long[rows];
    ColumnSelection.RowList exceptions = new ColumnSelection.RowList();
    long previous = 0;
    boolean kept = false;
    for (int i = 0; i < rows; i++) {
      long value = AlpArithmetic.digits(values[i], type, exponent, factor);
      if (value == Long.MIN_VALUE) {
        exceptions.add(i);
        digits[i] = previous;
      } else {
        if (!kept) {
          Arrays.fill(digits, 0, i, value); // leading exceptions take the first kept row's digits
          kept = true;
        }
        digits[i] = value;
        previous = value;
      }
    }
    PhysicalType digitType = type == PhysicalType.FLOAT64 ? PhysicalType.INT64 : PhysicalType.INT32;
    EncodedNode digitNode = children.encode(new LongColumn(digitType, digits, rows));
    EncodedNode[] nodes = exceptions.count == 0 ? new EncodedNode[] {digitNode} : new EncodedNode[] {digitNode,
        children.encode(ColumnSelection.positions(exceptions.rows, exceptions.count)),
        children.encode(ColumnSelection.select(column, exceptions.rows, exceptions.count))};
    byte[] metadata = {(byte) exponent, (byte) factor};
    return new EncodedNode(EncodingFormat.ENCODING_ALP, type, rows, metadata, EncodedNode.NO_BUFFERS, nodes);
  }

  /** The (e, f) of fewest estimated bits on a sample of the column. */
  static Exponents choose(long[] values, int rows, PhysicalType type) {
    int count = Math.min(rows, SAMPLE_ROWS);
    long[] sample = new long[count];
    for (int k = 0; k < count; k++) {
      sample[k] = values[(int) ((long) k * rows / count)];
    }
    int maximum = AlpArithmetic.maximumExponent(type);
    long exceptionBits = 8L * type.width + EXCEPTION_POSITION_BITS;
    Exponents best = new Exponents(0, 0);
    long bestBits = Long.MAX_VALUE;
    for (int exponent = 0; exponent <= maximum; exponent++) {
      for (int factor = 0; factor <= exponent; factor++) {
        long minimum = Long.MAX_VALUE;
        long maximumDigits = Long.MIN_VALUE;
        long exceptionCount = 0;
        for (int k = 0; k < count; k++) {
          long digits = AlpArithmetic.digits(sample[k], type, exponent, factor);
          if (digits == Long.MIN_VALUE) {
            exceptionCount++;
          } else {
            minimum = Math.min(minimum, digits);
            maximumDigits = Math.max(maximumDigits, digits);
          }
        }
        int width = exceptionCount == count ? 0 : 64 - Long.numberOfLeadingZeros(maximumDigits - minimum);
        long bits = (long) width * count + exceptionCount * exceptionBits;
        if (bits < bestBits) {
          bestBits = bits;
          best = new Exponents(exponent, factor);
        }
      }
    }
    return best;
  }

  static void decode(SegmentNode node, DecodeContext context, long destination) {
    int exponent = node.metadata[0] & 0xFF;
    int factor = node.metadata[1] & 0xFF;
    int maximum = AlpArithmetic.maximumExponent(node.type);
    if (exponent > maximum || factor > exponent) {
      throw context.corrupt(node, "exponent " + exponent + " and factor " + factor + " are outside 0 <= factor"
          + " <= exponent <= " + maximum);
    }
    long rows = node.rows;
    if (node.type == PhysicalType.FLOAT64) {
      FixedWidthDecoder.decodeInto(node.node(0), context, PhysicalType.INT64, rows, destination);
      double factorPower = AlpArithmetic.power(factor);
      double exponentInverse = AlpArithmetic.inversePower(exponent);
      for (long i = 0; i < rows; i++) {
        long address = destination + 8 * i;
        MemoryUtil.putLong(address, Double.doubleToRawLongBits(
            AlpArithmetic.decodeDouble(MemoryUtil.getLong(address), factorPower, exponentInverse)));
      }
    } else {
      FixedWidthDecoder.decodeInto(node.node(0), context, PhysicalType.INT32, rows, destination);
      double factorPower = AlpArithmetic.power(factor);
      double exponentInverse = AlpArithmetic.inversePower(exponent);
      for (long i = 0; i < rows; i++) {
        long address = destination + 4 * i;
        MemoryUtil.putInt(address, Float.floatToRawIntBits(
            AlpArithmetic.decodeFloat(MemoryUtil.getInt(address), factorPower, exponentInverse)));
      }
    }
    if (node.children.length == 3) {
      Patches.applyFixed(node, node.node(1), node.node(2), context, destination);
    }
  }
}
