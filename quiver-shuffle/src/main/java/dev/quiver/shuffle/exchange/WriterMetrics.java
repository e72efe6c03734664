package dev.quiver.shuffle.exchange;

import dev.quiver.common.metrics.Counter;
import java.util.List;

/**
 * What {@link ShuffleWriter}s did: real counters, thread-safe, so several writers (the map tasks of
 * a {@link LocalExchange}) may add to one instance. Times are nanoseconds of the writing thread.
 */
public final class WriterMetrics {
  public final Counter rows = new Counter("rows");
  public final Counter batches = new Counter("batches");
  public final Counter blocksWritten = new Counter("blocksWritten");
  /** Bytes of the committed data files. */
  public final Counter bytesWritten = new Counter("bytesWritten");
  /** Bytes of every block encoded (also those spilled, counted once). */
  public final Counter blockBytes = new Counter("blockBytes");
  public final Counter spills = new Counter("spills");
  public final Counter spillBytes = new Counter("spillBytes");
  /** Times every partition's buffered rows had to become blocks because buffers hit half the memory limit. */
  public final Counter forcedFlushes = new Counter("forcedFlushes");
  public final Counter partitionNanos = new Counter("partitionNanos");
  public final Counter scatterNanos = new Counter("scatterNanos");
  /** Arrow IPC serialization of blocks (the encoder's time minus compression). */
  public final Counter encodeNanos = new Counter("encodeNanos");
  public final Counter compressNanos = new Counter("compressNanos");
  public final Counter spillNanos = new Counter("spillNanos");
  /** Writing the data, index and checksum files at commit, fsync and renames included. */
  public final Counter commitNanos = new Counter("commitNanos");

  /** Every counter, in a fixed order. */
  public List<Counter> all() {
    return List.of(rows, batches, blocksWritten, bytesWritten, blockBytes, spills, spillBytes, forcedFlushes,
        partitionNanos, scatterNanos, encodeNanos, compressNanos, spillNanos, commitNanos);
  }

  @Override
  public String toString() {
    return String.join(", ", all().stream().map(Counter::toString).toList());
  }
}
