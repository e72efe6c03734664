package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/** Decodes a node of binary values into Arrow offsets and data by its encoding. */
final class BinaryDecoder {
  private BinaryDecoder() {}

  /** Decodes {@code node}, which must hold {@code rows} binary values; the caller owns the result. */
  static BinaryBuffers decode(SegmentNode node, DecodeContext context, long rows) {
    context.expect(node, PhysicalType.BINARY, rows);
    switch (node.kind) {
      case EncodingFormat.ENCODING_PLAIN:
        return PlainEncoding.decodeBinary(node, context);
      case EncodingFormat.ENCODING_CONSTANT:
        return ConstantEncoding.decodeBinary(node, context);
      case EncodingFormat.ENCODING_DICTIONARY:
        return DictionaryEncoding.decodeBinary(node, context);
      case EncodingFormat.ENCODING_RUN_END:
        return RunEndEncoding.decodeBinary(node, context);
      case EncodingFormat.ENCODING_SPARSE:
        return SparseEncoding.decodeBinary(node, context);
      case EncodingFormat.ENCODING_FSST:
        return FsstEncoding.decodeBinary(node, context);
      default:
        throw context.corrupt(node, "is not an encoding of binary values");
    }
  }

  /** The raw bytes of a bytes node (always plain) as a buffer the caller owns. */
  static ArrowBuf decodeBytesOwned(SegmentNode node, DecodeContext context, long bytes) {
    context.expect(node, PhysicalType.BYTES, bytes);
    return context.ownedBuffer(node, 0, bytes);
  }

  /**
   * Decodes the int32 {@code lengths} child of {@code rows} values into Arrow offsets at
   * {@code address} ({@code rows + 1} ints, the first 0) and returns their total, the lengths read
   * unsigned so a negative one makes the total too large. The caller checks the total against its
   * limit before trusting the offsets (past 2^31 they wrap).
   */
  static long lengthsToOffsets(SegmentNode lengths, DecodeContext context, int rows, long address) {
    MemoryUtil.putInt(address, 0);
    FixedWidthDecoder.decodeInto(lengths, context, PhysicalType.INT32, rows, address + 4);
    long total = 0;
    for (long i = 1; i <= rows; i++) {
      total += MemoryUtil.getInt(address + 4 * i) & 0xFFFFFFFFL;
      MemoryUtil.putInt(address + 4 * i, (int) total);
    }
    return total;
  }

  /** Output buffers for {@code rows} values of {@code total} bytes, after checking the total. */
  static BinaryBuffers allocate(DecodeContext context, SegmentNode node, long rows, long total) {
    if (total > EncodingFormat.MAXIMUM_DATA_BYTES) {
      throw context.corrupt(node, "decodes to " + total + " bytes of data, more than the limit of "
          + EncodingFormat.MAXIMUM_DATA_BYTES);
    }
    ArrowBuf offsets = context.allocateOwned((rows + 1) * 4);
    try {
      return new BinaryBuffers(offsets, context.allocateOwned(total));
    } catch (RuntimeException failure) {
      offsets.close();
      throw failure;
    }
  }

  /** Copies {@code length} bytes; short values byte by byte, which beats a memory copy call. */
  static void copyBytes(long source, long destination, int length) {
    if (length <= 16) {
      for (int i = 0; i < length; i++) {
        MemoryUtil.putByte(destination + i, MemoryUtil.getByte(source + i));
      }
    } else {
      MemoryUtil.copyMemory(source, destination, length);
    }
  }
}
