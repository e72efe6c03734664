package dev.quiver.shuffle.exchange;

import dev.quiver.common.metrics.Counter;
import dev.quiver.common.metrics.Metrics;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.common.metrics.Timer;

/**
 * The counters of one {@link ShuffleReader} (updated by its I/O and decode threads too), read as
 * {@link ShuffleReader#metrics()}. Times are nanoseconds.
 */
final class ReaderMetrics {
  private final Metrics metrics = new Metrics();
  /** Map outputs with bytes for the partition. */
  final Counter mapOutputsRead = metrics.counter("map.outputs.read");
  final Counter blocksRead = metrics.counter("blocks.read");
  /** Bytes read from data files. */
  final Counter bytesRead = metrics.bytes("bytes.read");
  final Counter rowsRead = metrics.counter("rows.read");
  /** Times the consumer found no block read yet and had to wait for the I/O thread. */
  final Counter readAheadWaits = metrics.counter("read.ahead.waits");
  final Timer readAheadWaitNanos = metrics.timer("time.read.ahead.wait");
  /** Times the I/O thread found every read buffer in use and had to wait for the consumer. */
  final Counter bufferWaits = metrics.counter("buffer.waits");
  /** Time the I/O thread spent reading files. */
  final Timer ioNanos = metrics.timer("time.io");
  /** Time spent decoding blocks (on the caller's thread, or the decode-ahead thread). */
  final Timer decodeNanos = metrics.timer("time.decode");
  /** Times the caller waited for the decode-ahead thread. */
  final Counter decodeAheadWaits = metrics.counter("decode.ahead.waits");
  final Counter checksumsVerified = metrics.counter("checksums.verified");

  MetricsSnapshot snapshot() {
    return metrics.snapshot();
  }
}
