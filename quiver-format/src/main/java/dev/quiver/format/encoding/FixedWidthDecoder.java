package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;

/** Decodes a node of fixed-width values (integers, floats, decimals) by its encoding. */
final class FixedWidthDecoder {
  private FixedWidthDecoder() {}

  /** Decodes {@code node}, which must hold {@code rows} values of {@code type}, into {@code destination}. */
  static void decodeInto(SegmentNode node, DecodeContext context, PhysicalType type, long rows, long destination) {
    context.expect(node, type, rows);
    switch (node.kind) {
      case EncodingFormat.ENCODING_PLAIN:
        PlainEncoding.decodeFixed(node, context, destination);
        break;
      case EncodingFormat.ENCODING_CONSTANT:
        ConstantEncoding.decodeFixed(node, destination);
        break;
      case EncodingFormat.ENCODING_DICTIONARY:
        DictionaryEncoding.decodeFixed(node, context, destination);
        break;
      case EncodingFormat.ENCODING_FRAME_OF_REFERENCE:
        FrameOfReferenceEncoding.decode(node, context, destination);
        break;
      case EncodingFormat.ENCODING_RUN_END:
        RunEndEncoding.decodeFixed(node, context, destination);
        break;
      case EncodingFormat.ENCODING_DELTA:
        DeltaEncoding.decode(node, context, destination);
        break;
      case EncodingFormat.ENCODING_SPARSE:
        SparseEncoding.decodeFixed(node, context, destination);
        break;
      case EncodingFormat.ENCODING_DECIMAL_SCALED:
        DecimalScaledEncoding.decode(node, context, destination);
        break;
      case EncodingFormat.ENCODING_ALP:
        AlpEncoding.decode(node, context, destination);
        break;
      case EncodingFormat.ENCODING_ALP_RD:
        AlpRdEncoding.decode(node, context, destination);
        break;
      default:
        throw context.corrupt(node, "is not an encoding of fixed-width values");
    }
  }

  /** The decoded values as a buffer valid until the decode ends (a slice of the segment when plain). */
  static ArrowBuf decodeTemporary(SegmentNode node, DecodeContext context, PhysicalType type, long rows) {
    context.expect(node, type, rows);
    long bytes = rows * type.width;
    if (node.kind == EncodingFormat.ENCODING_PLAIN) {
      return context.buffer(node, 0, bytes);
    }
    ArrowBuf target = context.allocateTemporary(bytes);
    decodeInto(node, context, type, rows, target.memoryAddress());
    return target;
  }

  /** The decoded values as a buffer the caller owns (a retained slice of the segment when plain). */
  static ArrowBuf decodeOwned(SegmentNode node, DecodeContext context, PhysicalType type, long rows) {
    context.expect(node, type, rows);
    long bytes = rows * type.width;
    if (node.kind == EncodingFormat.ENCODING_PLAIN) {
      return context.ownedBuffer(node, 0, bytes);
    }
    ArrowBuf target = context.allocateOwned(bytes);
    try {
      decodeInto(node, context, type, rows, target.memoryAddress());
    } catch (RuntimeException failure) {
      target.close();
      throw failure;
    }
    return target;
  }
}
