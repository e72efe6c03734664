package dev.quiver.shuffle.exchange;

import dev.quiver.common.metrics.Counter;
import java.util.List;

/**
 * What {@link ShuffleReader}s did: real counters, thread-safe, so several readers (the reduce tasks
 * of a {@link LocalExchange}) may add to one instance. Times are nanoseconds.
 */
public final class ReaderMetrics {
  /** Map outputs with bytes for the partition. */
  public final Counter mapOutputsRead = new Counter("mapOutputsRead");
  public final Counter blocksRead = new Counter("blocksRead");
  /** Bytes read from data files. */
  public final Counter bytesRead = new Counter("bytesRead");
  public final Counter rowsRead = new Counter("rowsRead");
  /** Times the consumer found no block read yet and had to wait for the I/O thread. */
  public final Counter readAheadWaits = new Counter("readAheadWaits");
  public final Counter readAheadWaitNanos = new Counter("readAheadWaitNanos");
  /** Times the I/O thread found every read buffer in use and had to wait for the consumer. */
  public final Counter bufferWaits = new Counter("bufferWaits");
  /** Time the I/O thread spent reading files. */
  public final Counter ioNanos = new Counter("ioNanos");
  /** Time spent decoding blocks (on the caller's thread, or the decode-ahead thread). */
  public final Counter decodeNanos = new Counter("decodeNanos");
  /** Times the caller waited for the decode-ahead thread. */
  public final Counter decodeAheadWaits = new Counter("decodeAheadWaits");
  public final Counter checksumsVerified = new Counter("checksumsVerified");

  /** Every counter, in a fixed order. */
  public List<Counter> all() {
    return List.of(mapOutputsRead, blocksRead, bytesRead, rowsRead, readAheadWaits, readAheadWaitNanos, bufferWaits,
        ioNanos, decodeNanos, decodeAheadWaits, checksumsVerified);
  }

  @Override
  public String toString() {
    return String.join(", ", all().stream().map(Counter::toString).toList());
  }
}
