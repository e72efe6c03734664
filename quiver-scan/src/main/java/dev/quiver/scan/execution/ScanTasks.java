package dev.quiver.scan.execution;

import dev.quiver.common.batch.Batch;
import dev.quiver.expression.filter.FilterEvaluator;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.storage.SegmentSource;
import dev.quiver.scan.decode.DecodeRegistry;
import dev.quiver.scan.plan.ScanPlan;
import dev.quiver.scan.plan.Split;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The splits of a planned scan as morsels for an engine's own threads: whichever thread asks takes
 * the next split ({@link #next}) and runs it on itself ({@link #run}), while every split still shares
 * one decode per chunk (the same registry {@link ScanResult} uses). No pool of its own. Thread-safe.
 */
public final class ScanTasks implements AutoCloseable {
  private final ScanPlan plan;
  private final List<QuiverFile> files;
  private final List<SegmentSource> sources = new ArrayList<>();
  private final BufferAllocator decodeAllocator;
  private final DecodeRegistry decodes;
  private final SplitRunner runner;
  private final ScanMetrics metrics = new ScanMetrics();
  private final SplitRegions regions;
  private final AtomicInteger running = new AtomicInteger();
  private volatile boolean closed;

  /**
   * Prepares the splits of {@code plan} for {@code threads} threads (their splits taken from different parts
   * of the files: {@link SplitRegions}; one thread takes them in order); takes ownership of {@code files}.
   */
  public ScanTasks(ScanPlan plan, List<QuiverFile> files, BufferAllocator allocator, boolean shareDecodes,
      int threads) throws IOException {
    this.plan = plan;
    this.regions = new SplitRegions(plan.splits().size(), threads);
    this.files = files;
    this.decodeAllocator = allocator.newChildAllocator("scan-tasks", 0, Long.MAX_VALUE);
    DecodeRegistry registry = null;
    try {
      for (QuiverFile file : files) {
        sources.add(file.segments());
      }
      metrics.planned(plan.zonesPruned(), plan.filesSkipped());
      metrics.sources(() -> sources.stream().mapToLong(SegmentSource::segmentsRequested).sum(),
          () -> sources.stream().mapToLong(SegmentSource::reads).sum(),
          () -> sources.stream().mapToLong(SegmentSource::bytesRead).sum(),
          decodeAllocator::getPeakMemoryAllocation);
      registry = new DecodeRegistry(plan, files, sources, decodeAllocator, shareDecodes, metrics.decodesStarted,
          metrics.decodesReused, metrics.bytesDecoded);
    } catch (RuntimeException failure) {
      closeFiles();
      decodeAllocator.close();
      throw failure;
    }
    this.decodes = registry;
    FilterEvaluator filter = plan.filter() == null ? null : new FilterEvaluator(plan.filter());
    this.runner = new SplitRunner(plan, decodes, filter, allocator, metrics);
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

  public int splitCount() {
    return plan.splits().size();
  }

  /** Splits taken so far (for progress). */
  public int splitsTaken() {
    return regions.taken();
  }

  /**
   * The next split nobody took yet for the calling thread, or null when all were taken (or the tasks are
   * closed).
   */
  public Split next() {
    if (closed) {
      return null;
    }
    int index = regions.next();
    return index < 0 ? null : plan.splits().get(index);
  }

  /**
   * Runs a split taken with {@link #next} on the calling thread: its rows (owned by the caller), or
   * null when none passed the filter. Each split runs once.
   */
  public Batch run(Split split) throws IOException {
    running.incrementAndGet();
    try {
      if (closed) {
        decodes.release(split);
        return null;
      }
      metrics.splits.increment();
      metrics.rowsScanned.add(split.rowsScanned());
      Batch batch = runner.read(split);
      if (batch != null) {
        metrics.rowsReturned.add(batch.rowCount());
        metrics.batches.increment();
      }
      return batch;
    } finally {
      running.decrementAndGet();
    }
  }

  /**
   * Runs a split taken with {@link #next} for an aggregate: the count of its selected rows and the
   * summaries of output columns {@code columns} (a negative index asks for none) computed on their
   * encoded segments, or its rows as a batch when some segment cannot be summarized so
   * ({@link SplitSummary}). Each split runs once, either way.
   */
  public SplitSummary summarize(Split split, int[] columns) throws IOException {
    running.incrementAndGet();
    try {
      if (closed) {
        decodes.release(split);
        return SplitSummary.summarized(0, Collections.nCopies(columns.length, List.of()));
      }
      metrics.splits.increment();
      metrics.rowsScanned.add(split.rowsScanned());
      SplitSummary summary = runner.summarize(split, columns);
      if (summary.batch() != null) {
        metrics.rowsReturned.add(summary.batch().rowCount());
        metrics.batches.increment();
      }
      return summary;
    } finally {
      running.decrementAndGet();
    }
  }

  /**
   * Frees the decodes and closes the files. Call it once no thread is inside {@link #run} (the
   * engine closes its sources after its threads are done); splits never run are simply dropped.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (running.get() != 0) {
      throw new IllegalStateException("scan tasks closed while " + running.get() + " splits run");
    }
    decodes.close();
    closeFiles();
    decodeAllocator.close();
  }

  private void closeFiles() {
    for (QuiverFile file : files) {
      try {
        file.close();
      } catch (IOException ignored) {
        // read-only
      }
    }
  }
}
