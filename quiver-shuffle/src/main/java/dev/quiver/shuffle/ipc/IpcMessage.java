package dev.quiver.shuffle.ipc;

import dev.quiver.common.QuiverException;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.MetadataVersion;
import org.apache.arrow.memory.ArrowBuf;

/**
 * One framed IPC message inside a decompressed payload: {@code FF FF FF FF}, int32 metadata length,
 * flatbuffer metadata, body. Reading checks the framing against the payload before anything is
 * trusted; a lie is a CORRUPT exception naming the block and the byte position.
 *
 * @param start position of the continuation marker
 * @param metadataOffset position of the flatbuffer
 * @param metadataLength bytes of the flatbuffer (with its padding)
 * @param message the parsed message header, or null for the end-of-stream marker
 * @param bodyOffset position of the body
 * @param bodyLength bytes of the body
 */
public record IpcMessage(
    long start, long metadataOffset, int metadataLength, Message message, long bodyOffset, long bodyLength) {

  /** Position just after this message (after its body). */
  public long end() {
    return bodyOffset + bodyLength;
  }

  public boolean isEndOfStream() {
    return message == null;
  }

  /**
   * Reads the message at {@code position}; {@code position < size} must hold.
   *
   * @throws QuiverException CORRUPT when the framing or the flatbuffer is impossible
   */
  public static IpcMessage read(ArrowBuf payload, long position, long size, String name) {
    if (size - position < IpcFormat.MESSAGE_PREFIX_BYTES) {
      throw QuiverException.corrupt(
          name + ": IPC stream ends " + (size - position) + " bytes into a message prefix at byte " + position);
    }
    int marker = payload.getInt(position);
    if (marker != IpcFormat.CONTINUATION) {
      throw QuiverException.corrupt(
          name + ": IPC message at byte " + position + " lacks the continuation marker FF FF FF FF");
    }
    int metadataLength = payload.getInt(position + 4);
    long metadataOffset = position + IpcFormat.MESSAGE_PREFIX_BYTES;
    if (metadataLength == 0) {
      return new IpcMessage(position, metadataOffset, 0, null, metadataOffset, 0);
    }
    if (metadataLength < 0 || metadataLength > size - metadataOffset) {
      throw QuiverException.corrupt(
          name + ": IPC message at byte " + position + " has metadata length " + metadataLength + " but only "
              + (size - metadataOffset) + " bytes remain");
    }
    Message message;
    long bodyLength;
    try {
      message = Message.getRootAsMessage(payload.nioBuffer(metadataOffset, metadataLength));
      bodyLength = message.bodyLength();
      short version = message.version();
      if (version != MetadataVersion.V4 && version != MetadataVersion.V5) {
        throw QuiverException.corrupt(
            name + ": IPC message at byte " + position + " has metadata version " + version + "; V4 or V5 expected");
      }
      byte type = message.headerType();
      if (type != MessageHeader.Schema && type != MessageHeader.DictionaryBatch && type != MessageHeader.RecordBatch) {
        throw QuiverException.corrupt(
            name + ": IPC message at byte " + position + " has header type " + type
                + "; a shuffle block holds a schema, dictionaries and one record batch");
      }
    } catch (QuiverException alreadyTyped) {
      throw alreadyTyped;
    } catch (RuntimeException malformed) {
      throw QuiverException.corrupt(
          name + ": IPC message at byte " + position + " has malformed metadata: "
              + QuiverException.describe(malformed),
          malformed);
    }
    long bodyOffset = metadataOffset + metadataLength;
    if (bodyLength < 0 || bodyLength > size - bodyOffset) {
      throw QuiverException.corrupt(
          name + ": IPC message at byte " + position + " has body length " + bodyLength + " but only "
              + (size - bodyOffset) + " bytes remain");
    }
    return new IpcMessage(position, metadataOffset, metadataLength, message, bodyOffset, bodyLength);
  }
}
