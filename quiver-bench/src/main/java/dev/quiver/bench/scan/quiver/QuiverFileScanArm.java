package dev.quiver.bench.scan.quiver;

import dev.quiver.bench.scan.query.WindowConsumer;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.Layout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * The first Quiver arm, over {@link QuiverFile}'s chunk reads, kept for comparison ({@link QuiverScanArm#create}
 * now gives {@link ScanApiArm}); it reads flat chunks only, so not files with dict layouts.
 * <ul>
 *   <li>{@link #decodeAll}: column-level parallelism. Columns, largest first, are handed to
 *       {@code threads} threads; a thread decodes every chunk of its column in order, one chunk in
 *       memory at a time. Every chunk is decoded exactly once.</li>
 *   <li>{@link #scan}: the zone maps rule out zones ({@link ZonePruning}); the remaining rows are cut
 *       into up to {@code threads} contiguous splits (none under 65,536 rows); each split reads its columns forward with one
 *       {@link ChunkCursor} per column and feeds aligned windows (up to the nearest chunk end of any
 *       column) to its own consumer. A chunk that straddles two splits is decoded by both: the
 *       counters show it ({@code chunksDecoded} against {@code distinctChunks}); the shared decode of
 *       the coming scan removes that.</li>
 * </ul>
 */
final class QuiverFileScanArm implements QuiverScanArm {

  @Override
  public ScanCounters decodeAll(Path path, int threads, BufferAllocator allocator, ColumnSink sink) throws IOException {
    try (QuiverFile file = QuiverFile.open(path)) {
      int columnCount = file.schema().getFields().size();
      List<Integer> order = IntStream.range(0, columnCount).boxed()
          .sorted(Comparator.comparingLong((Integer column) -> columnBytes(file, column)).reversed()).toList();
      ScanTally tally = new ScanTally();
      AtomicInteger next = new AtomicInteger();
      long chunks = 0;
      for (int column = 0; column < columnCount; column++) {
        chunks += file.chunks(column).size();
      }
      runOnThreads(threads, threads, part -> () -> {
        for (int taken = next.getAndIncrement(); taken < columnCount; taken = next.getAndIncrement()) {
          int column = order.get(taken);
          List<Layout> columnChunks = file.chunks(column);
          for (int index = 0; index < columnChunks.size(); index++) {
            FlatLayout chunk = (FlatLayout) columnChunks.get(index);
            try (FieldVector vector = file.readChunk(column, chunk, allocator)) {
              tally.decoded(column, index, file.footer().segments().get(chunk.segment()).length());
              sink.accept(column, vector, 0, vector.getValueCount());
            }
          }
        }
        return null;
      });
      return tally.counters(chunks, 0);
    }
  }

  @Override
  public <C extends WindowConsumer> Result<C> scan(Path path, List<String> columns, List<ZonePredicate> predicates,
      int threads, BufferAllocator allocator, Supplier<C> consumers) throws IOException {
    try (QuiverFile file = QuiverFile.open(path)) {
      int[] indices = columns.stream().mapToInt(file::columnIndex).toArray();
      ZonePruning.Plan plan = ZonePruning.plan(file, predicates);
      List<List<ZonePruning.RowRange>> splits = ZonePruning.splitForThreads(plan.ranges(), threads);
      List<C> made = new ArrayList<>();
      for (int i = 0; i < Math.max(1, splits.size()); i++) {
        made.add(consumers.get());
      }
      ScanTally tally = new ScanTally();
      runOnThreads(threads, splits.size(), split -> () -> {
        scanSplit(file, indices, splits.get(split), allocator, tally, made.get(split));
        return null;
      });
      long chunks = 0;
      for (int column : indices) {
        chunks += file.chunks(column).size();
      }
      return new Result<>(made, tally.counters(chunks, plan.zonesSkipped()));
    }
  }

  private static void scanSplit(QuiverFile file, int[] columns, List<ZonePruning.RowRange> ranges,
      BufferAllocator allocator, ScanTally tally, WindowConsumer consumer) throws IOException {
    List<ChunkCursor> cursors = new ArrayList<>();
    try {
      for (int column : columns) {
        cursors.add(new ChunkCursor(file, column, allocator, tally));
      }
      FieldVector[] vectors = new FieldVector[columns.length];
      int[] offsets = new int[columns.length];
      for (ZonePruning.RowRange range : ranges) {
        long row = range.start();
        while (row < range.end()) {
          long end = range.end();
          for (int i = 0; i < columns.length; i++) {
            ChunkCursor cursor = cursors.get(i);
            offsets[i] = cursor.position(row);
            vectors[i] = cursor.vector();
            end = Math.min(end, cursor.chunkEnd());
          }
          consumer.accept(vectors, offsets, (int) (end - row));
          row = end;
        }
      }
    } finally {
      cursors.forEach(ChunkCursor::close);
    }
  }

  private static long columnBytes(QuiverFile file, int column) {
    long bytes = 0;
    for (Layout chunk : file.chunks(column)) {
      bytes += file.footer().segments().get(((FlatLayout) chunk).segment()).length();
    }
    return bytes;
  }

  /** A task of part {@code part}. */
  private interface PartTask {
    Callable<Void> of(int part);
  }

  /** Runs {@code parts} tasks on up to {@code threads} threads (the calling thread when one); rethrows the first failure. */
  private static void runOnThreads(int threads, int parts, PartTask tasks) throws IOException {
    if (threads <= 1 || parts <= 1) {
      for (int part = 0; part < parts; part++) {
        call(tasks.of(part));
      }
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, parts));
    try {
      List<Future<Void>> futures = new ArrayList<>();
      for (int part = 0; part < parts; part++) {
        futures.add(pool.submit(tasks.of(part)));
      }
      for (Future<Void> future : futures) {
        try {
          future.get();
        } catch (ExecutionException failure) {
          throw rethrow(failure.getCause());
        }
      }
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while scanning");
    } finally {
      pool.shutdownNow();
    }
  }

  private static void call(Callable<Void> task) throws IOException {
    try {
      task.call();
    } catch (Exception failure) {
      throw rethrow(failure);
    }
  }

  private static IOException rethrow(Throwable failure) {
    if (failure instanceof IOException) {
      return (IOException) failure;
    }
    if (failure instanceof RuntimeException) {
      throw (RuntimeException) failure;
    }
    if (failure instanceof Error) {
      throw (Error) failure;
    }
    throw new QuiverException(ErrorCode.INTERNAL, "scan failed: " + failure, failure);
  }
}
