package dev.quiver.shuffle.ipc;

/**
 * The framing of an Arrow IPC stream as shuffle blocks carry it: every message opens with the
 * continuation marker {@code FF FF FF FF} and an int32 metadata length; the stream ends with the
 * marker and a zero length. {@code BlockFormatConstantsTest} pins these with the block format's own.
 */
public final class IpcFormat {
  private IpcFormat() {}

  /** The continuation marker that opens every message. */
  public static final int CONTINUATION = 0xFFFFFFFF;
  /** Bytes of the continuation marker plus the int32 metadata length. */
  public static final int MESSAGE_PREFIX_BYTES = 8;
  /** Bytes of the end-of-stream marker (continuation plus a zero length). */
  public static final int END_OF_STREAM_BYTES = 8;
}
