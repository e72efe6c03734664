package dev.quiver.shuffle.ipc;

import dev.quiver.common.QuiverException;
import dev.quiver.common.arrow.SchemaShape;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Parses schema messages defensively: before Arrow converts the flatbuffer, {@link SchemaShape}
 * proves the field tree is finite and shallow.
 */
public final class SchemaMessages {
  private SchemaMessages() {}

  /**
   * The schema in {@code message}.
   *
   * @throws QuiverException CORRUPT when the message is not a sound schema
   */
  public static Schema parse(IpcMessage framed, String name) {
    Message message = framed.message();
    if (message == null || message.headerType() != MessageHeader.Schema) {
      throw QuiverException.corrupt(
          name + ": the IPC stream starts with " + describe(framed) + " instead of a schema message");
    }
    if (framed.bodyLength() != 0) {
      throw QuiverException.corrupt(name + ": schema message has a body of " + framed.bodyLength() + " bytes");
    }
    try {
      org.apache.arrow.flatbuf.Schema schema = (org.apache.arrow.flatbuf.Schema) message
          .header(new org.apache.arrow.flatbuf.Schema());
      if (schema == null) {
        throw QuiverException.corrupt(name + ": schema message has no schema");
      }
      SchemaShape.check(schema, name);
      return Schema.convertSchema(schema);
    } catch (QuiverException alreadyTyped) {
      throw alreadyTyped;
    } catch (RuntimeException malformed) {
      throw QuiverException.corrupt(name + ": schema message is malformed: " + QuiverException.describe(malformed),
          malformed);
    }
  }

  static String describe(IpcMessage framed) {
    if (framed.isEndOfStream()) {
      return "the end-of-stream marker";
    }
    byte type = framed.message().headerType();
    return type == MessageHeader.RecordBatch ? "a record batch"
        : type == MessageHeader.DictionaryBatch ? "a dictionary batch" : "message type " + type;
  }
}
