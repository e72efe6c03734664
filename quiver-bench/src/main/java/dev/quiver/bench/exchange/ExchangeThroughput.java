package dev.quiver.bench.exchange;

import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The hook for the exchange half of the shuffle suite (Issue 5): a whole exchange, map side
 * {@code ShuffleWriter} (partition, buffer, spill, data + index files) to reduce side
 * {@code ShuffleReader} (byte ranges, blocks, batches), measured as rows per second and bytes per
 * row. Not wired yet: {@link #implementation()} is empty and {@code quiver bench shuffle} says so;
 * the exchange is measured meanwhile by {@link ExchangeBenchmark} (TPC-H lineitem, bytes per row and
 * throughput against Comet-style blocks).
 */
public interface ExchangeThroughput {
  /**
   * What to exchange: Comet's benchmark table of {@code columns} columns, {@code rows} rows in
   * batches of {@code batchRows}, hash-partitioned into {@code partitions}, with {@code codec}.
   */
  record Spec(int columns, long rows, int batchRows, int partitions, String codec, int threads) {}

  /** What an exchange took: rows, bytes of the data files, and the two sides' wall time. */
  record Result(long rows, long dataBytes, long writeNanos, long readNanos) {
    public double bytesPerRow() {
      return rows == 0 ? 0 : dataBytes / (double) rows;
    }

    public double rowsPerSecond() {
      long nanos = writeNanos + readNanos;
      return nanos == 0 ? 0 : rows * 1e9 / nanos;
    }
  }

  Result run(Spec spec, BufferAllocator allocator) throws Exception;

  /** Why there is nothing to measure yet. */
  String NOT_YET = "exchange throughput and bytes per row: run 'quiver bench exchange' (TPC-H lineitem"
      + " repartitioned, Quiver vs Comet-style blocks; ExchangeBenchmark)";

  /** The implementation, once there is one. */
  static Optional<ExchangeThroughput> implementation() {
    return Optional.empty();
  }
}
