package dev.quiver.bench.scan.quiver;

import dev.quiver.bench.scan.query.WindowConsumer;
import dev.quiver.expression.Expression;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * What the scan suite needs from Quiver, in one place: today {@link ScanApiArm}, Quiver's public scan
 * ({@code Scan.of(path).columns(...).filter(...).threads(n)}), the only way the benchmarks read a
 * {@code .qvr} file for a scan; the engine replaces it when it exists ({@link #create}). The queries on
 * top (a sum, counts per key) stay plain code in {@code dev.quiver.bench.scan.query} until then.
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
   * consumers made by {@code consumers} (one per thread or split). Rows that cannot satisfy
   * {@code filter} (null: none) may be skipped; rows that pass still reach the consumer's own exact check.
   */
  <C extends WindowConsumer> Result<C> scan(Path file, List<String> columns, Expression filter, int threads,
      BufferAllocator allocator, Supplier<C> consumers) throws IOException;

  /** The implementation the suite measures. */
  static QuiverScanArm create() {
    return new ScanApiArm();
  }
}
