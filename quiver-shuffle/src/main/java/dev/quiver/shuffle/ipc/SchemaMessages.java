package dev.quiver.shuffle.ipc;

import dev.quiver.common.QuiverException;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Parses schema messages defensively: before Arrow converts the flatbuffer, a walk proves the field
 * tree is finite and shallow, so a hostile message cannot recurse the JVM's stack away or loop.
 */
public final class SchemaMessages {
  private SchemaMessages() {}

  /** Deepest nesting a schema may have. */
  public static final int MAXIMUM_DEPTH = 64;
  /** Most fields (at every level together) a schema may have. */
  public static final int MAXIMUM_FIELDS = 100_000;

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
      org.apache.arrow.flatbuf.Schema schema =
          (org.apache.arrow.flatbuf.Schema) message.header(new org.apache.arrow.flatbuf.Schema());
      if (schema == null) {
        throw QuiverException.corrupt(name + ": schema message has no schema");
      }
      int[] seen = {0};
      for (int i = 0; i < schema.fieldsLength(); i++) {
        walk(schema.fields(i), 1, seen, name);
      }
      return Schema.convertSchema(schema);
    } catch (QuiverException alreadyTyped) {
      throw alreadyTyped;
    } catch (RuntimeException malformed) {
      throw QuiverException.corrupt(name + ": schema message is malformed: " + QuiverException.describe(malformed), malformed);
    }
  }

  private static void walk(org.apache.arrow.flatbuf.Field field, int depth, int[] seen, String name) {
    if (field == null) {
      throw QuiverException.corrupt(name + ": schema message has a missing field");
    }
    if (depth > MAXIMUM_DEPTH) {
      throw QuiverException.corrupt(name + ": schema nests fields more than " + MAXIMUM_DEPTH + " levels deep");
    }
    if (++seen[0] > MAXIMUM_FIELDS) {
      throw QuiverException.corrupt(name + ": schema has more than " + MAXIMUM_FIELDS + " fields");
    }
    for (int i = 0; i < field.childrenLength(); i++) {
      walk(field.children(i), depth + 1, seen, name);
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
