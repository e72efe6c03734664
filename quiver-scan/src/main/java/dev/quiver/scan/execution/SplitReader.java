package dev.quiver.scan.execution;

import dev.quiver.common.batch.Batch;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import dev.quiver.expression.filter.FilterEvaluator;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.scan.decode.DecodeRegistry;
import dev.quiver.scan.plan.ScanPlan;
import dev.quiver.scan.plan.ScanSpec;
import dev.quiver.scan.plan.Split;
import dev.quiver.scan.plan.SplitPlanner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Runs one portable {@link Split} on the caller's thread — where a split was sent (an operator's
 * thread, a Spark executor): opens the split's file, checks it is the file the split was planned on
 * (length and footer checksum), derives the chunks to read from its footer, and returns the split's
 * rows as one {@link Batch}. The same {@code SplitRunner} runs splits inside {@link ScanResult}'s pool.
 *
 * <pre>{@code
 * try (SplitReader reader = SplitReader.open(spec, split, allocator); Batch rows = reader.read()) { ... }
 * }</pre>
 */
public final class SplitReader implements AutoCloseable {
  private final QuiverFile file;
  private final ScanPlan plan;
  private final BufferAllocator decodeAllocator;
  private final DecodeRegistry decodes;
  private final SplitRunner runner;
  private final ScanMetrics metrics = new ScanMetrics();
  private boolean read;

  private SplitReader(QuiverFile file, ScanPlan plan, BufferAllocator allocator) {
    this.file = file;
    this.plan = plan;
    this.decodeAllocator = allocator.newChildAllocator("split", 0, Long.MAX_VALUE);
    metrics.sources(() -> file.segments().segmentsRequested(), () -> file.segments().reads(),
        () -> file.segments().bytesRead(), decodeAllocator::getPeakMemoryAllocation);
    this.decodes = new DecodeRegistry(plan, List.of(file), List.of(file.segments()), decodeAllocator, true,
        metrics.decodesStarted, metrics.decodesReused, metrics.bytesDecoded);
    FilterEvaluator filter = plan.filter() == null ? null : new FilterEvaluator(plan.filter());
    this.runner = new SplitRunner(plan, decodes, filter, allocator, metrics);
  }

  /**
   * Opens the split's file and prepares to read it with {@code spec}'s columns and filter.
   *
   * @throws dev.quiver.common.QuiverException USER when the file changed since the split was planned,
   *     or the spec names a column the file lacks; {@link dev.quiver.common.CorruptFileException} when
   *     the file is damaged
   */
  public static SplitReader open(ScanSpec spec, Split split, BufferAllocator allocator) throws IOException {
    QuiverFile file = QuiverFile.open(Path.of(split.file().path()));
    try {
      split.file().verify(file);
      Expression filter = spec.filter() == null ? null : Expressions.parse(spec.filter(), file.schema());
      return new SplitReader(file, SplitPlanner.planSplit(file, spec.columns(), filter, split), allocator);
    } catch (RuntimeException failure) {
      file.close();
      throw failure;
    }
  }

  /** The schema of the batch {@link #read()} returns. */
  public Schema schema() {
    return plan.outputSchema();
  }

  /** The split's rows (owned by the caller), or null when none passed the filter. Once per reader. */
  public Batch read() throws IOException {
    if (read) {
      throw new IllegalStateException("a split reader reads its split once");
    }
    read = true;
    Split split = plan.splits().get(0);
    metrics.splits.increment();
    metrics.rowsScanned.add(split.rowsScanned());
    Batch batch = runner.read(split);
    if (batch != null) {
      metrics.rowsReturned.add(batch.rowCount());
      metrics.batches.increment();
    }
    return batch;
  }

  /** The split's metrics, in the scan's names. */
  public MetricsSnapshot metrics() {
    return metrics.snapshot();
  }

  /** Frees what the reader holds and closes the file; the batch handed out stays valid. */
  @Override
  public void close() throws IOException {
    if (!read) {
      decodes.release(plan.splits().get(0));
    }
    decodes.close();
    decodeAllocator.close();
    file.close();
  }
}
