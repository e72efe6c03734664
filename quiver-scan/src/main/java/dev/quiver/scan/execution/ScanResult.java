package dev.quiver.scan.execution;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.common.concurrent.Failures;
import dev.quiver.expression.filter.FilterEvaluator;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.storage.SegmentSource;
import dev.quiver.scan.decode.DecodeRegistry;
import dev.quiver.scan.plan.ScanPlan;
import dev.quiver.scan.plan.Split;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A running scan: its batches in order (or as they finish), each owned by the caller, who closes it.
 * {@link #read()} gives Quiver {@link Batch}es (selection vectors and dictionary columns kept as the
 * scan made them); {@link #nextBatch()} and the iterator give plain Arrow vectors (materialized).
 * The splits run on this result's pool, each through the same {@link SplitRunner} a
 * {@link SplitReader} uses on its caller's thread. Closing the result stops the scan (splits not
 * started never start, running ones finish), frees every decode it holds and closes its files;
 * batches already handed out stay valid.
 */
public final class ScanResult implements Iterator<VectorSchemaRoot>, AutoCloseable {
  private static final AtomicInteger POOLS = new AtomicInteger();

  private final ScanPlan plan;
  private final List<QuiverFile> files;
  private final List<SegmentSource> sources = new ArrayList<>();
  private final BufferAllocator decodeAllocator;
  private final DecodeRegistry decodes;
  private final ExecutorService pool;
  private final SplitQueue queue;
  private final ScanMetrics metrics = new ScanMetrics();
  private final long limit;
  private long returned;
  private VectorSchemaRoot ready;
  private final BufferAllocator allocator;
  private volatile boolean closed;

  /**
   * Starts a scan of a plan; takes ownership of {@code files}.
   *
   * @param limit the most rows to return, or -1
   */
  public ScanResult(ScanPlan plan, List<QuiverFile> files, BufferAllocator allocator, int threads, int window,
      boolean ordered, long limit, boolean shareDecodes) throws IOException {
    this.plan = plan;
    this.files = files;
    this.limit = limit;
    this.allocator = allocator;
    this.decodeAllocator = allocator.newChildAllocator("scan", 0, Long.MAX_VALUE);
    try {
      for (QuiverFile file : files) {
        sources.add(file.segments());
      }
      metrics.planned(plan.zonesPruned(), plan.filesSkipped());
      metrics.sources(() -> sources.stream().mapToLong(SegmentSource::segmentsRequested).sum(),
          () -> sources.stream().mapToLong(SegmentSource::reads).sum(),
          () -> sources.stream().mapToLong(SegmentSource::bytesRead).sum(),
          decodeAllocator::getPeakMemoryAllocation);
      this.decodes = new DecodeRegistry(plan, files, sources, decodeAllocator, shareDecodes, metrics.decodesStarted,
          metrics.decodesReused, metrics.bytesDecoded);
    } catch (RuntimeException failure) {
      closeQuietly();
      throw failure;
    }
    FilterEvaluator filter = plan.filter() == null ? null : new FilterEvaluator(plan.filter());
    SplitRunner reader = new SplitRunner(plan, decodes, filter, allocator, metrics);
    int poolNumber = POOLS.incrementAndGet();
    AtomicInteger threadNumber = new AtomicInteger();
    this.pool = Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, "quiver-scan-" + poolNumber + "-" + threadNumber.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
    this.queue = new SplitQueue(plan.splits(), pool, split -> () -> run(reader, split), window, ordered);
  }

  private Batch run(SplitRunner reader, Split split) throws IOException {
    if (closed) {
      decodes.release(split);
      return null;
    }
    metrics.splits.increment();
    metrics.rowsScanned.add(split.rowsScanned());
    return reader.read(split);
  }

  public ScanPlan plan() {
    return plan;
  }

  public Schema schema() {
    return plan.outputSchema();
  }

  public ScanMetrics metrics() {
    return metrics;
  }

  /** Distinct flat segments the plan reads: a full scan starts exactly this many decodes. */
  public int plannedDecodes() {
    return decodes.plannedDecodes();
  }

  /** Bytes the scan holds right now (segments and decodes; not the batches handed out). */
  public long bytesHeld() {
    return decodeAllocator.getAllocatedMemory();
  }

  /** The next batch as plain Arrow vectors (owned by the caller), or null at the end. */
  public VectorSchemaRoot nextBatch() throws IOException {
    if (ready != null) {
      VectorSchemaRoot batch = ready;
      ready = null;
      return batch;
    }
    Batch batch = read();
    return batch == null ? null : batch.materialize(allocator);
  }

  /**
   * The next batch as the scan made it (owned by the caller), or null at the end: slices of the
   * decoded chunks, a selection vector where a filter left rows scattered, dictionary columns as codes.
   */
  public Batch read() throws IOException {
    if (closed) {
      throw QuiverException.user("the scan is closed");
    }
    if (ready != null) {
      throw new IllegalStateException("a batch was taken by hasNext(); take it with next() first");
    }
    while (limit < 0 || returned < limit) {
      Future<Batch> next;
      Batch batch;
      try {
        next = queue.next();
        if (next == null) {
          return null;
        }
        batch = next.get();
      } catch (InterruptedException interrupted) {
        throw Failures.interrupted("the scan", interrupted);
      } catch (ExecutionException failed) {
        throw Failures.rethrow(failed);
      } catch (CancellationException cancelled) {
        return null;
      }
      if (batch == null) {
        continue;
      }
      if (limit >= 0 && returned + batch.rowCount() > limit) {
        int keep = (int) (limit - returned);
        int[] first = new int[keep];
        for (int i = 0; i < keep; i++) {
          first[i] = i;
        }
        batch = batch.withSelection(first, keep);
      }
      returned += batch.rowCount();
      metrics.rowsReturned.add(batch.rowCount());
      metrics.batches.increment();
      return batch;
    }
    return null;
  }

  @Override
  public boolean hasNext() {
    if (ready == null && !closed) {
      try {
        ready = nextBatch();
      } catch (IOException failure) {
        throw new UncheckedIOException(failure);
      }
    }
    return ready != null;
  }

  @Override
  public VectorSchemaRoot next() {
    if (!hasNext()) {
      throw new NoSuchElementException("the scan has no more batches");
    }
    VectorSchemaRoot batch = ready;
    ready = null;
    return batch;
  }

  /** Stops the scan; waits for running splits; frees what it holds. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (pool != null) {
      // no Future.cancel: a task cancelled while running would drop the batch it makes (a leak);
      // tasks not started yet see `closed`, release their leases and return at once
      pool.shutdown();
      try {
        while (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
          // running splits finish on their own; reads are never interrupted (that would close the file)
        }
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
      for (Future<Batch> pending : queue.pending()) {
        if (pending.isDone()) {
          try {
            Batch unread = pending.get();
            if (unread != null) {
              unread.close();
            }
          } catch (ExecutionException | InterruptedException | CancellationException ignored) {
            // the failure was the scan's; nothing to free
          }
        }
      }
    }
    if (ready != null) {
      ready.close();
      ready = null;
    }
    closeQuietly();
  }

  private void closeQuietly() {
    if (decodes != null) {
      decodes.close();
    }
    for (QuiverFile file : files) {
      try {
        file.close();
      } catch (IOException ignored) {
        // read-only
      }
    }
    decodeAllocator.close();
  }
}
