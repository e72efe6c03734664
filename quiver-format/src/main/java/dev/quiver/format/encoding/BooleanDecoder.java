package dev.quiver.format.encoding;

import org.apache.arrow.memory.ArrowBuf;

/** Decodes a node of booleans (values or validity) into an Arrow bitmap by its encoding. */
final class BooleanDecoder {
  private BooleanDecoder() {}

  /** Decodes {@code node}, which must hold {@code rows} booleans, into the bitmap at {@code destination}. */
  static void decodeInto(SegmentNode node, DecodeContext context, long rows, long destination) {
    context.expect(node, PhysicalType.BOOLEAN, rows);
    switch (node.kind) {
      case EncodingFormat.ENCODING_BITMAP:
        context.copyBuffer(node, 0, Bitmaps.bytesFor(rows), destination);
        break;
      case EncodingFormat.ENCODING_CONSTANT:
        ConstantEncoding.decodeBoolean(node, context, destination);
        break;
      case EncodingFormat.ENCODING_RUN_END:
        RunEndEncoding.decodeBoolean(node, context, destination);
        break;
      case EncodingFormat.ENCODING_SPARSE:
        SparseEncoding.decodeBoolean(node, context, destination);
        break;
      default:
        throw context.corrupt(node, "is not an encoding of booleans");
    }
  }

  /** The bitmap as a buffer valid until the decode ends. */
  static ArrowBuf decodeTemporary(SegmentNode node, DecodeContext context, long rows) {
    context.expect(node, PhysicalType.BOOLEAN, rows);
    if (node.kind == EncodingFormat.ENCODING_BITMAP) {
      return context.buffer(node, 0, Bitmaps.bytesFor(rows));
    }
    ArrowBuf target = context.allocateTemporary(Bitmaps.bytesFor(rows));
    decodeInto(node, context, rows, target.memoryAddress());
    return target;
  }

  /** The bitmap as a buffer the caller owns (a retained slice of the segment when stored plain). */
  static ArrowBuf decodeOwned(SegmentNode node, DecodeContext context, long rows) {
    context.expect(node, PhysicalType.BOOLEAN, rows);
    if (node.kind == EncodingFormat.ENCODING_BITMAP) {
      return context.ownedBuffer(node, 0, Bitmaps.bytesFor(rows));
    }
    ArrowBuf target = context.allocateOwned(Bitmaps.bytesFor(rows));
    try {
      decodeInto(node, context, rows, target.memoryAddress());
    } catch (RuntimeException failure) {
      target.close();
      throw failure;
    }
    return target;
  }
}
