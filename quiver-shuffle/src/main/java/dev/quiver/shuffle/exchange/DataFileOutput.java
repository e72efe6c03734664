package dev.quiver.shuffle.exchange;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;

/**
 * Buffered, positioned writing to a file channel (the data file at commit, and spill runs), with an
 * optional running CRC-32C of the bytes since {@link #startChecksum}. One direct buffer of
 * {@link #BUFFER_BYTES} is reused for every write, so writing never allocates per block.
 */
final class DataFileOutput {
  static final int BUFFER_BYTES = 1 << 20;

  private final FileChannel channel;
  private final ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_BYTES);
  private final CRC32C checksum;
  private long position;

  /** Writes at {@code position} of {@code channel}; keeps a checksum when {@code checksums}. */
  DataFileOutput(FileChannel channel, long position, boolean checksums) {
    this.channel = channel;
    this.position = position;
    this.checksum = checksums ? new CRC32C() : null;
  }

  /** Bytes written so far, counted from the start of the file. */
  long position() {
    return position + buffer.position();
  }

  void write(byte[] bytes, int offset, int length) throws IOException {
    if (checksum != null) {
      checksum.update(bytes, offset, length);
    }
    int written = 0;
    while (written < length) {
      if (!buffer.hasRemaining()) {
        flush();
      }
      int chunk = Math.min(length - written, buffer.remaining());
      buffer.put(bytes, offset + written, chunk);
      written += chunk;
    }
  }

  /** Copies {@code length} bytes from {@code position} of {@code source}, as they are. */
  void copyFrom(FileChannel source, long sourcePosition, long length) throws IOException {
    long copied = 0;
    if (checksum == null) {
      flush();
      while (copied < length) {
        long moved = source.transferTo(sourcePosition + copied, length - copied, channel.position(position));
        if (moved <= 0) {
          throw new IOException("a spill file ended before its recorded length");
        }
        copied += moved;
        position += moved;
      }
      return;
    }
    while (copied < length) {
      if (!buffer.hasRemaining()) {
        flush();
      }
      ByteBuffer window = buffer.slice();
      window.limit((int) Math.min(window.remaining(), length - copied));
      int read = source.read(window, sourcePosition + copied);
      if (read <= 0) {
        throw new IOException("a spill file ended before its recorded length");
      }
      window.flip();
      checksum.update(window);
      buffer.position(buffer.position() + read);
      copied += read;
    }
  }

  /** Restarts the checksum (at the start of a partition). */
  void startChecksum() {
    checksum.reset();
  }

  /** The CRC-32C of the bytes written since {@link #startChecksum}. */
  long checksum() {
    return checksum.getValue();
  }

  /** Writes out the buffered bytes. */
  void flush() throws IOException {
    buffer.flip();
    while (buffer.hasRemaining()) {
      position += channel.write(buffer, position);
    }
    buffer.clear();
  }
}
