package dev.quiver.bench.scan.quiver;

import dev.quiver.bench.scan.query.WindowConsumer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * What the scan suite needs from Quiver's scan, in one place so the implementation can change
 * without touching the suite: today {@link QuiverFileScanArm} over {@code QuiverFile}; once the
 * {@code quiver-scan} module lands, one class over {@code Scan.of(path).columns(...).filter(...)
 * .threads(n)} replaces it ({@link #create}). The queries on top (a sum, counts per key) stay
 * plain code in {@code dev.quiver.bench.scan.query} until the engine arrives.
 */
public interface QuiverScanArm {
  /** Takes every decoded vector of a full decode; called from the decoding threads. */
  interface ColumnSink {
    /** Rows {@code [offset, offset + length)} of column {@code column}; do not keep the vector. */
    void accept(int column, FieldVector vector, int offset, int length);
  }

  /** What a scan produced: one consumer per split or thread (the caller merges them), and counters. */
  record Result<C>(List<C> consumers, ScanCounters counters) {}

  /** Decodes every column of every row of {@code file} into Arrow on {@code threads} threads. */
  ScanCounters decodeAll(Path file, int threads, BufferAllocator allocator, ColumnSink sink) throws IOException;

  /**
   * Scans {@code columns} of {@code file} on {@code threads} threads, feeding windows of rows to
   * consumers made by {@code consumers} (one per thread or split). Rows that cannot satisfy every
   * predicate may be skipped; rows that pass still reach the consumer's own exact check.
   */
  <C extends WindowConsumer> Result<C> scan(Path file, List<String> columns, List<ZonePredicate> predicates, int threads,
      BufferAllocator allocator, Supplier<C> consumers) throws IOException;

  /** The implementation the suite measures. */
  static QuiverScanArm create() {
    return new ScanApiArm();
  }
}
