package dev.quiver.format.encoding;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Decodes a binary segment whose values node is {@code dict} into codes and values, without the gather. */
final class DictionaryChunkDecoder {
  static final Field CODES = Field.nullable("codes", new ArrowType.Int(32, true));

  private DictionaryChunkDecoder() {}

  /** Whether {@code parsed} is a binary segment whose values tree is a dictionary. */
  static boolean applies(SegmentParser.ParsedSegment parsed) {
    return parsed.type() == PhysicalType.BINARY && parsed.values().kind == EncodingFormat.ENCODING_DICTIONARY;
  }

  static DictionaryChunk decode(SegmentParser.ParsedSegment parsed, Field field, DecodeContext context) {
    SegmentNode node = parsed.values();
    SegmentNode valuesNode = node.node(0);
    int size = valuesNode.rows;
    int rows = parsed.rows();
    IntVector codes = null;
    FieldVector values = null;
    ArrowBuf validity = SegmentDecoder.validity(parsed, context);
    ArrowBuf codeBuffer = null;
    try {
      codeBuffer = FixedWidthDecoder.decodeOwned(node.node(1), context, PhysicalType.INT32, rows);
      long address = codeBuffer.memoryAddress();
      for (long i = 0; i < rows; i++) {
        int code = MemoryUtil.getInt(address + 4 * i);
        if (Integer.compareUnsigned(code, size) >= 0) {
          throw context.corrupt(node.node(1), "row " + i + " has code " + Integer.toUnsignedString(code)
              + " beyond the " + size + " dictionary values");
        }
      }
      codes = (IntVector) CODES.createVector(context.allocator);
      codes.loadFieldBuffers(new ArrowFieldNode(rows, parsed.nullCount()),
          List.of(validity != null ? validity : context.allocator.getEmpty(), codeBuffer));
      try (BinaryBuffers binary = BinaryDecoder.decode(valuesNode, context, size)) {
        values = field.createVector(context.allocator);
        values.loadFieldBuffers(new ArrowFieldNode(size, 0),
            List.of(context.allocator.getEmpty(), binary.offsets(), binary.data()));
      }
      DictionaryChunk chunk = new DictionaryChunk(codes, values);
      codes = null;
      values = null;
      return chunk;
    } finally {
      if (codes != null) {
        codes.close();
      }
      if (values != null) {
        values.close();
      }
      if (validity != null) {
        validity.close();
      }
      if (codeBuffer != null) {
        codeBuffer.close();
      }
    }
  }
}
