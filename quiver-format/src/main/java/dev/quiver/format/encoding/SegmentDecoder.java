package dev.quiver.format.encoding;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Decodes a parsed segment into a new vector: validity first (its bits must count exactly the
 * header's nulls), then the values straight into the vector's buffers, which the vector takes over.
 */
final class SegmentDecoder {
  private SegmentDecoder() {}

  static FieldVector decode(SegmentParser.ParsedSegment parsed, Field field, DecodeContext context) {
    int rows = parsed.rows();
    ArrowBuf validity = null;
    ArrowBuf[] buffers = null;
    try {
      validity = validity(parsed, context);
      switch (parsed.type()) {
        case BOOLEAN:
          buffers = new ArrowBuf[] {BooleanDecoder.decodeOwned(parsed.values(), context, rows)};
          break;
        case BINARY: {
          BinaryBuffers binary = BinaryDecoder.decode(parsed.values(), context, rows);
          buffers = new ArrowBuf[] {binary.offsets(), binary.data()};
          break;
        }
        default:
          buffers = new ArrowBuf[] {FixedWidthDecoder.decodeOwned(parsed.values(), context, parsed.type(), rows)};
          break;
      }
      return load(field, context, rows, parsed.nullCount(), validity, buffers);
    } finally {
      close(validity, buffers);
    }
  }

  /**
   * A new vector of {@code field} over {@code validity} (null: no nulls) and {@code buffers}, which it
   * retains (the caller still closes its own references, {@link #close}).
   */
  static FieldVector load(Field field, DecodeContext context, int rows, int nulls, ArrowBuf validity,
      ArrowBuf[] buffers) {
    ArrowBuf[] all = new ArrowBuf[buffers.length + 1];
    all[0] = validity != null ? validity : context.allocator.getEmpty();
    System.arraycopy(buffers, 0, all, 1, buffers.length);
    FieldVector vector = field.createVector(context.allocator);
    try {
      vector.loadFieldBuffers(new ArrowFieldNode(rows, nulls), List.of(all));
    } catch (RuntimeException failure) {
      vector.close();
      throw failure;
    }
    return vector;
  }

  /** Closes the references {@link #load}'s callers hold (either may be null). */
  static void close(ArrowBuf validity, ArrowBuf[] buffers) {
    if (validity != null) {
      validity.close();
    }
    if (buffers != null) {
      for (ArrowBuf buffer : buffers) {
        buffer.close();
      }
    }
  }

  /** The segment's validity bitmap (owned by the caller), checked against the header's nulls; null without nulls. */
  static ArrowBuf validity(SegmentParser.ParsedSegment parsed, DecodeContext context) {
    if (parsed.validity() == null) {
      return null;
    }
    int rows = parsed.rows();
    ArrowBuf validity = BooleanDecoder.decodeOwned(parsed.validity(), context, rows);
    long valid = Bitmaps.countSetBits(validity.memoryAddress(), rows);
    if (valid != rows - parsed.nullCount()) {
      validity.close();
      throw context.corrupt("validity marks " + (rows - valid) + " null rows; the header says " + parsed.nullCount());
    }
    return validity;
  }
}
