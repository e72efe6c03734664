package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Frame of reference with bit-packing: metadata i64 base and u8 bit width w; one buffer of the
 * rows' {@code value - base} packed in w bits ({@link BitPacking}). Values that need more than w
 * bits (or lie below the base) are packed as 0 and listed in optional patches children (positions,
 * values). The encoder tries two bases, the minimum and a low quantile (so a few very small outliers
 * do not widen every value), with every width, and keeps the pair of fewest packed plus patch bytes.
 */
final class FrameOfReferenceEncoding {
  private FrameOfReferenceEncoding() {}

  /** Charged per patched node for the two patch children's descriptors and padding. */
  private static final int PATCH_OVERHEAD = 40;
  /** Rows sampled to find a base below which rows are outliers. */
  private static final int QUANTILE_SAMPLE = 1024;

  static EncodedNode encode(LongColumn column, ChildEncoder children) {
    int rows = column.rows();
    int width = column.type().width;
    long[] values = column.values();
    long minimum = Long.MAX_VALUE;
    for (int i = 0; i < rows; i++) {
      minimum = Math.min(minimum, values[i]);
    }
    long base = rows == 0 ? 0 : minimum;
    int bitWidth = 0;
    long bestCost = Long.MAX_VALUE;
    long[] bases = {base, lowQuantile(values, rows)};
    for (int b = 0; b < bases.length && rows > 0; b++) {
      if (b > 0 && bases[b] == bases[0]) {
        break;
      }
      long[] histogram = new long[66]; // bits needed; 65 marks a value below the base
      for (int i = 0; i < rows; i++) {
        long value = values[i];
        histogram[value < bases[b] ? 65 : 64 - Long.numberOfLeadingZeros(value - bases[b])]++;
      }
      long exceptionsAbove = histogram[65];
      for (int candidate = 64; candidate >= 0; candidate--) {
        long cost = BitPacking.packedBytes(rows, candidate)
            + (exceptionsAbove > 0 ? exceptionsAbove * (4 + width) + PATCH_OVERHEAD : 0);
        if (candidate <= 8 * width && cost < bestCost) { // values of the type never need more bits
          bestCost = cost;
          bitWidth = candidate;
          base = bases[b];
        }
        exceptionsAbove += histogram[candidate];
      }
    }
    long[] packed = new long[rows];
    long[] positions = new long[16];
    long[] patches = new long[16];
    int exceptions = 0;
    for (int i = 0; i < rows; i++) {
      long offset = values[i] - base;
      if (values[i] < base || (bitWidth < 64 && (offset >>> bitWidth) != 0)) {
        if (exceptions == positions.length) {
          positions = java.util.Arrays.copyOf(positions, exceptions * 2);
          patches = java.util.Arrays.copyOf(patches, exceptions * 2);
        }
        positions[exceptions] = i;
        patches[exceptions++] = values[i];
      } else {
        packed[i] = offset;
      }
    }
    byte[] metadata = new byte[9];
    LittleEndian.putLong(metadata, 0, base);
    metadata[8] = (byte) bitWidth;
    EncodedBuffer[] buffers = {EncodedBuffer.of(BitPacking.pack(packed, rows, bitWidth))};
    EncodedNode[] patchNodes = exceptions == 0 ? EncodedNode.NO_CHILDREN : new EncodedNode[] {
        children.encode(LongColumn.int32(positions, exceptions)),
        children.encode(new LongColumn(column.type(), patches, exceptions))};
    return new EncodedNode(EncodingFormat.ENCODING_FRAME_OF_REFERENCE, column.type(), rows, metadata, buffers,
        patchNodes);
  }

  /**
   * A base that ignores the lowest outliers: the value at 1/64 of a sorted sample of up to 1024
   * rows spread over the column. Rows below it become patches if that is cheaper.
   */
  private static long lowQuantile(long[] values, int rows) {
    if (rows == 0) {
      return 0;
    }
    int count = Math.min(rows, QUANTILE_SAMPLE);
    long[] sample = new long[count];
    for (int k = 0; k < count; k++) {
      sample[k] = values[(int) ((long) k * rows / count)];
    }
    java.util.Arrays.sort(sample);
    return sample[count / 64];
  }

  static void decode(SegmentNode node, DecodeContext context, long destination) {
    long base = node.metadataLong(0);
    int bitWidth = node.metadata[8] & 0xFF; // the parser proved it fits the type
    ArrowBuf packed = context.buffer(node, 0, BitPacking.packedBytes(node.rows, bitWidth));
    BitPacking.unpack(packed.memoryAddress(), bitWidth, base, node.rows, node.type.width, destination);
    context.release(packed);
    if (node.children.length == 2) {
      Patches.applyFixed(node, node.node(0), node.node(1), context, destination);
    }
  }
}
