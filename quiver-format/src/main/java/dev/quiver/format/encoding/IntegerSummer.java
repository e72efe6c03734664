package dev.quiver.format.encoding;

/**
 * Sums the rows of an integer node that a mask selects, without expanding it: a constant, a run and a
 * dictionary value count once times the selected rows they cover; a frame-of-reference node without
 * patches sums its packed offsets per block and adds count times the base; any other node is read
 * block by block ({@link IntegerBlocks}). Lies are refused as decoding refuses them.
 */
final class IntegerSummer {
  private IntegerSummer() {}

  /** Widths up to this keep the sum of packed offsets of a segment within a long. */
  private static final int SUMMED_BITS = 32;

  /** A running count, 128-bit sum, minimum and maximum. */
  static final class Accumulator {
    private long count;
    private long high;
    private long low;
    private long minimum = Long.MAX_VALUE;
    private long maximum = Long.MIN_VALUE;

    void add(long value) {
      count++;
      long sum = low + value;
      high += (value >> 63) + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
      low = sum;
      minimum = Math.min(minimum, value);
      maximum = Math.max(maximum, value);
    }

    /** Adds {@code value} {@code times} times ({@code times >= 0}). */
    void addRepeated(long value, long times) {
      if (times == 0) {
        return;
      }
      count += times;
      addProduct(value, times);
      minimum = Math.min(minimum, value);
      maximum = Math.max(maximum, value);
    }

    private void addProduct(long value, long times) {
      long productLow = value * times;
      long productHigh = Math.multiplyHigh(value, times);
      long sum = low + productLow;
      high += productHigh + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
      low = sum;
    }

    /** Adds {@code rows} values {@code base + offset}, their offsets summing to {@code offsetSum} (non-negative). */
    void addOffsets(long base, long rows, long offsetSum, long minimumOffset, long maximumOffset) {
      if (rows == 0) {
        return;
      }
      count += rows;
      addProduct(base, rows);
      long sum = low + offsetSum;
      high += Long.compareUnsigned(sum, low) < 0 ? 1 : 0;
      low = sum;
      minimum = Math.min(minimum, base + minimumOffset);
      maximum = Math.max(maximum, base + maximumOffset);
    }

    IntegerSummary result() {
      return new IntegerSummary(count, high, low, minimum, maximum);
    }
  }

  /**
   * Adds the rows of {@code node} (rows of integer {@code type}) whose bit is set in {@code mask} (all
   * rows when null) to {@code sum}.
   */
  static void sum(SegmentNode node, DecodeContext context, PhysicalType type, int rows, long[] mask,
      Accumulator sum) {
    context.expect(node, type, rows);
    switch (node.kind) {
      case EncodingFormat.ENCODING_CONSTANT:
        sum.addRepeated(node.metadataValue(0, type.width), selected(mask, 0, rows));
        break;
      case EncodingFormat.ENCODING_RUN_END:
        runEnd(node, context, mask, sum);
        break;
      case EncodingFormat.ENCODING_DICTIONARY:
        dictionary(node, context, mask, sum);
        break;
      case EncodingFormat.ENCODING_FRAME_OF_REFERENCE:
        if (!frameOfReference(node, context, mask, sum)) {
          blocks(node, context, type, rows, mask, sum);
        }
        break;
      default:
        blocks(node, context, type, rows, mask, sum);
        break;
    }
  }

  private static long selected(long[] mask, long from, long to) {
    return mask == null ? to - from : RowBits.count(mask, from, to);
  }

  private static void blocks(SegmentNode node, DecodeContext context, PhysicalType type, int rows, long[] mask,
      Accumulator sum) {
    IntegerBlocks blocks = IntegerBlocks.open(node, context, type, rows);
    long[] block = new long[Math.min(IntegerBlocks.BLOCK, rows)];
    for (int first = 0; first < rows; first += IntegerBlocks.BLOCK) {
      int count = Math.min(IntegerBlocks.BLOCK, rows - first);
      if (mask != null && RowBits.count(mask, first, first + count) == 0) {
        continue;
      }
      blocks.read(first, count, block);
      for (int j = 0; j < count; j++) {
        if (mask == null || RowBits.get(mask, first + j)) {
          sum.add(block[j]);
        }
      }
    }
  }

  /** Sums packed offsets when base plus offset cannot wrap and the node has no patches; false otherwise. */
  private static boolean frameOfReference(SegmentNode node, DecodeContext context, long[] mask, Accumulator sum) {
    long base = node.metadataLong(0);
    int bitWidth = node.metadata[8] & 0xFF;
    int width = node.type.width;
    long typeMaximum = width == 8 ? Long.MAX_VALUE : (1L << (8 * width - 1)) - 1;
    long typeMinimum = -typeMaximum - 1;
    if (node.children.length != 0 || bitWidth > SUMMED_BITS || base < typeMinimum
        || base > typeMaximum - ((1L << bitWidth) - 1)) {
      return false;
    }
    int rows = node.rows;
    long packed = context.buffer(node, 0, BitPacking.packedBytes(rows, bitWidth)).memoryAddress();
    long[] block = new long[Math.min(IntegerBlocks.BLOCK, rows)];
    long count = 0;
    long offsets = 0;
    long minimum = Long.MAX_VALUE;
    long maximum = Long.MIN_VALUE;
    for (int first = 0; first < rows; first += IntegerBlocks.BLOCK) {
      int length = Math.min(IntegerBlocks.BLOCK, rows - first);
      if (mask != null && RowBits.count(mask, first, first + length) == 0) {
        continue;
      }
      BitPacking.unpack(packed, bitWidth, first, length, block);
      for (int j = 0; j < length; j++) {
        if (mask == null || RowBits.get(mask, first + j)) {
          long offset = block[j];
          count++;
          offsets += offset;
          minimum = Math.min(minimum, offset);
          maximum = Math.max(maximum, offset);
        }
      }
    }
    sum.addOffsets(base, count, offsets, minimum, maximum);
    return true;
  }

  private static void runEnd(SegmentNode node, DecodeContext context, long[] mask, Accumulator sum) {
    int runs = node.node(0).rows;
    long ends = FixedWidthDecoder.decodeTemporary(node.node(0), context, PhysicalType.INT32, runs).memoryAddress();
    long[] values = IntegerBlocks.open(node.node(1), context, node.type, runs).readAll();
    long previous = 0;
    for (int r = 0; r < runs; r++) {
      long end = RunEndEncoding.checkedEnd(node, context, ends, r, previous);
      sum.addRepeated(values[r], selected(mask, previous, end));
      previous = end;
    }
    RunEndEncoding.checkLastEnd(node, context, previous);
  }

  private static void dictionary(SegmentNode node, DecodeContext context, long[] mask, Accumulator sum) {
    SegmentNode valuesNode = node.node(0);
    int size = valuesNode.rows;
    long[] values = IntegerBlocks.open(valuesNode, context, node.type, size).readAll();
    long[] counts = new long[size];
    int rows = node.rows;
    IntegerBlocks codes = IntegerBlocks.open(node.node(1), context, PhysicalType.INT32, rows);
    long[] block = new long[Math.min(IntegerBlocks.BLOCK, rows)];
    for (int first = 0; first < rows; first += IntegerBlocks.BLOCK) {
      int count = Math.min(IntegerBlocks.BLOCK, rows - first);
      codes.readCodes(first, count, block, size, node, context);
      for (int j = 0; j < count; j++) {
        if (mask == null || RowBits.get(mask, first + j)) {
          counts[(int) block[j]]++;
        }
      }
    }
    for (int code = 0; code < size; code++) {
      sum.addRepeated(values[code], counts[code]);
    }
  }
}
