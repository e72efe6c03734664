package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Takes binary values of a node at ascending positions into Arrow offsets and data, by its
 * encoding: plain (the lengths decoded into offsets, only the taken rows' bytes copied), constant,
 * dictionary (codes taken, then the dictionary's values gathered), run-end (the run of each
 * position, then the run values taken) and fsst (only the taken rows decompressed); sparse decodes
 * the node whole and gathers.
 */
final class BinaryTake {
  private BinaryTake() {}

  /**
   * The values of {@code node} (which must hold {@code rows} binary values) at {@code positions[0,
   * count)} (non-decreasing, below rows); the caller owns the result.
   */
  static BinaryBuffers take(SegmentNode node, DecodeContext context, long rows, int[] positions, int count) {
    context.expect(node, PhysicalType.BINARY, rows);
    switch (node.kind) {
      case EncodingFormat.ENCODING_PLAIN:
        return plain(node, context, positions, count);
      case EncodingFormat.ENCODING_CONSTANT:
        return constant(node, context, count);
      case EncodingFormat.ENCODING_DICTIONARY:
        return dictionary(node, context, positions, count);
      case EncodingFormat.ENCODING_RUN_END: {
        int runCount = node.node(0).rows;
        ArrowBuf ends = FixedWidthDecoder.decodeTemporary(node.node(0), context, PhysicalType.INT32, runCount);
        int[] runs = TakeDecoder.runsOf(node, context, ends.memoryAddress(), runCount, positions, count);
        context.release(ends);
        return take(node.node(1), context, runCount, runs, count);
      }
      case EncodingFormat.ENCODING_FSST:
        return fsst(node, context, positions, count);
      default:
        try (BinaryBuffers decoded = BinaryDecoder.decode(node, context, rows)) {
          return gather(context, node, decoded.offsets().memoryAddress(), decoded.data().memoryAddress(), positions,
              count);
        }
    }
  }

  private static BinaryBuffers plain(SegmentNode node, DecodeContext context, int[] positions, int count) {
    int rows = node.rows;
    ArrowBuf offsets = context.allocateTemporary((rows + 1L) * 4);
    long total = BinaryDecoder.lengthsToOffsets(node.node(0), context, rows, offsets.memoryAddress());
    if (total > EncodingFormat.MAXIMUM_DATA_BYTES) {
      throw context.corrupt(node, "lengths add up to " + total + " bytes, more than the limit of "
          + EncodingFormat.MAXIMUM_DATA_BYTES);
    }
    context.expect(node.node(1), PhysicalType.BYTES, total);
    ArrowBuf data = context.buffer(node.node(1), 0, total);
    BinaryBuffers out = gather(context, node, offsets.memoryAddress(), data.memoryAddress(), positions, count);
    context.release(data);
    context.release(offsets);
    return out;
  }

  private static BinaryBuffers constant(SegmentNode node, DecodeContext context, int count) {
    long length = node.metadataUnsignedInt(0);
    if (length > EncodingFormat.MAXIMUM_DATA_BYTES) {
      throw context.corrupt(node,
          "constant of " + length + " bytes exceeds the limit of " + EncodingFormat.MAXIMUM_DATA_BYTES);
    }
    ArrowBuf value = context.buffer(node, 0, length);
    BinaryBuffers out = BinaryDecoder.allocate(context, node, count, count * length);
    long offsets = out.offsets().memoryAddress();
    long data = out.data().memoryAddress();
    MemoryUtil.putInt(offsets, 0);
    for (long i = 0; i < count; i++) {
      BinaryDecoder.copyBytes(value.memoryAddress(), data + i * length, (int) length);
      MemoryUtil.putInt(offsets + 4 * i + 4, (int) ((i + 1) * length));
    }
    return out;
  }

  private static BinaryBuffers dictionary(SegmentNode node, DecodeContext context, int[] positions, int count) {
    SegmentNode valuesNode = node.node(0);
    int size = valuesNode.rows;
    ArrowBuf codeBuffer = context.allocateTemporary(4L * count);
    FixedWidthTake.take(node.node(1), context, PhysicalType.INT32, node.rows, positions, count,
        codeBuffer.memoryAddress());
    int[] codes = new int[count];
    for (int i = 0; i < count; i++) {
      int code = codeBuffer.getInt(4L * i);
      if (Integer.compareUnsigned(code, size) >= 0) {
        throw context.corrupt(node, "code " + Integer.toUnsignedString(code) + " at row " + positions[i]
            + " is outside the dictionary of " + size + " values");
      }
      codes[i] = code;
    }
    context.release(codeBuffer);
    try (BinaryBuffers values = BinaryDecoder.decode(valuesNode, context, size)) {
      return gather(context, node, values.offsets().memoryAddress(), values.data().memoryAddress(), codes, count);
    }
  }

  private static BinaryBuffers fsst(SegmentNode node, DecodeContext context, int[] positions, int count) {
    try (FsstEncoding.Parts parts = FsstEncoding.readParts(node, context)) {
      long codes = parts.codes().memoryAddress();
      long codeOffsets = parts.offsets().memoryAddress();
      FsstSymbolTable table = parts.table();
      long total = 0;
      for (int i = 0; i < count; i++) {
        long from = codes + MemoryUtil.getInt(codeOffsets + 4L * positions[i]);
        long to = codes + MemoryUtil.getInt(codeOffsets + 4L * positions[i] + 4);
        long length = table.measure(from, to);
        if (length < 0) {
          throw FsstEncoding.problem(node, context, length, positions[i], table, parts.decompressedBytes());
        }
        total += length;
      }
      BinaryBuffers out = BinaryDecoder.allocate(context, node, count, total);
      try {
        long offsets = out.offsets().memoryAddress();
        long outStart = out.data().memoryAddress();
        long outEnd = outStart + total;
        long target = outStart;
        MemoryUtil.putInt(offsets, 0);
        for (int i = 0; i < count; i++) {
          long from = codes + MemoryUtil.getInt(codeOffsets + 4L * positions[i]);
          long to = codes + MemoryUtil.getInt(codeOffsets + 4L * positions[i] + 4);
          long next = table.expand(from, to, target, outEnd);
          if (next < 0) {
            throw FsstEncoding.problem(node, context, next, positions[i], table, parts.decompressedBytes());
          }
          target = next;
          MemoryUtil.putInt(offsets + 4L * i + 4, (int) (target - outStart));
        }
        return out;
      } catch (RuntimeException failure) {
        out.close();
        throw failure;
      }
    }
  }

  /**
   * Rows {@code rowsToTake[0, count)} of binary values held as Arrow offsets and data (valid: offsets
   * non-decreasing within the data) into new buffers the caller owns.
   */
  private static BinaryBuffers gather(DecodeContext context, SegmentNode node, long offsets, long data,
      int[] rowsToTake, int count) {
    long total = 0;
    for (int i = 0; i < count; i++) {
      long row = rowsToTake[i];
      total += MemoryUtil.getInt(offsets + 4 * row + 4) - MemoryUtil.getInt(offsets + 4 * row);
    }
    BinaryBuffers out = BinaryDecoder.allocate(context, node, count, total);
    long outOffsets = out.offsets().memoryAddress();
    long outData = out.data().memoryAddress();
    int position = 0;
    MemoryUtil.putInt(outOffsets, 0);
    for (int i = 0; i < count; i++) {
      long row = rowsToTake[i];
      int start = MemoryUtil.getInt(offsets + 4 * row);
      int length = MemoryUtil.getInt(offsets + 4 * row + 4) - start;
      BinaryDecoder.copyBytes(data + start, outData + position, length);
      position += length;
      MemoryUtil.putInt(outOffsets + 4L * i + 4, position);
    }
    return out;
  }
}
