package dev.quiver.shuffle.exchange;

import dev.quiver.common.QuiverException;
import java.util.concurrent.Executor;

/**
 * Settings of a {@link ShuffleReader}.
 *
 * @param readBufferBytes the size of a read buffer (grown for a block larger than it)
 * @param readBuffers how many read buffers the I/O thread may fill ahead, the one being decoded
 *     included (at least 2, so reading and decoding overlap)
 * @param validate decode with every check ({@code decodeValidated}); false for blocks this process wrote
 * @param verifyChecksums check each map output's CRC-32C when it has a checksum file
 * @param decodeAhead decode on a thread of the reader's own, a few batches ahead of the caller
 * @param ioExecutor runs the read-ahead (and decode-ahead) tasks, or null for threads of the reader's own
 */
public record ShuffleReaderOptions(
    int readBufferBytes, int readBuffers, boolean validate, boolean verifyChecksums, boolean decodeAhead,
    Executor ioExecutor) {

  public static final int DEFAULT_READ_BUFFER_BYTES = 1 << 20;
  public static final int DEFAULT_READ_BUFFERS = 3;
  /** The largest read buffer: the first one is allocated at this size up front. */
  public static final int MAXIMUM_READ_BUFFER_BYTES = 1 << 30;
  /** Decoded batches the decode-ahead thread may hold ready. */
  public static final int DECODED_BATCHES_AHEAD = 2;

  public ShuffleReaderOptions {
    if (readBufferBytes < 64 || readBufferBytes > MAXIMUM_READ_BUFFER_BYTES) {
      throw QuiverException.user("a read buffer must have 64 bytes to 1 GiB, not " + readBufferBytes);
    }
    if (readBuffers < 2) {
      throw QuiverException.user("a shuffle reader needs at least 2 read buffers, not " + readBuffers);
    }
  }

  /** 3 buffers of 1 MiB, validated decoding, checksums verified, decoding on the caller's thread. */
  public static ShuffleReaderOptions defaults() {
    return new ShuffleReaderOptions(DEFAULT_READ_BUFFER_BYTES, DEFAULT_READ_BUFFERS, true, true, false, null);
  }

  public ShuffleReaderOptions withReadBuffers(int count, int bytes) {
    return new ShuffleReaderOptions(bytes, count, validate, verifyChecksums, decodeAhead, ioExecutor);
  }

  public ShuffleReaderOptions withValidation(boolean enabled) {
    return new ShuffleReaderOptions(readBufferBytes, readBuffers, enabled, verifyChecksums, decodeAhead, ioExecutor);
  }

  public ShuffleReaderOptions withChecksumVerification(boolean enabled) {
    return new ShuffleReaderOptions(readBufferBytes, readBuffers, validate, enabled, decodeAhead, ioExecutor);
  }

  public ShuffleReaderOptions withDecodeAhead(boolean enabled) {
    return new ShuffleReaderOptions(readBufferBytes, readBuffers, validate, verifyChecksums, enabled, ioExecutor);
  }

  public ShuffleReaderOptions withIoExecutor(Executor executor) {
    return new ShuffleReaderOptions(readBufferBytes, readBuffers, validate, verifyChecksums, decodeAhead, executor);
  }
}
