package dev.quiver.shuffle.exchange;

import dev.quiver.common.metrics.Counter;
import dev.quiver.common.metrics.Metrics;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.common.metrics.Timer;

/**
 * The counters of one {@link ShuffleWriter}, read as {@link ShuffleWriter#metrics()}. Times are
 * wall-clock nanoseconds of the writing thread.
 */
final class WriterMetrics {
  private final Metrics metrics = new Metrics();
  final Counter rows = metrics.counter("rows");
  final Counter batches = metrics.counter("batches");
  final Counter blocksWritten = metrics.counter("blocks.written");
  /** Bytes of the committed data file. */
  final Counter bytesWritten = metrics.bytes("bytes.written");
  /** Bytes of every block encoded (also those spilled, counted once). */
  final Counter blockBytes = metrics.bytes("bytes.encoded");
  final Counter spills = metrics.counter("spills");
  final Counter spillBytes = metrics.bytes("bytes.spilled");
  /** Times every partition's buffered rows had to become blocks because buffers hit half the memory limit. */
  final Counter forcedFlushes = metrics.counter("flushes.forced");
  final Timer partitionNanos = metrics.timer("time.partition");
  final Timer scatterNanos = metrics.timer("time.scatter");
  /** Arrow IPC serialization of blocks (the encoder's time minus compression). */
  final Timer encodeNanos = metrics.timer("time.encode");
  final Timer compressNanos = metrics.timer("time.compress");
  final Timer spillNanos = metrics.timer("time.spill");
  /** Writing the data, index and checksum files at commit, fsync and renames included. */
  final Timer commitNanos = metrics.timer("time.commit");

  MetricsSnapshot snapshot() {
    return metrics.snapshot();
  }
}
