package dev.quiver.spark.read;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.scan.Scan;
import dev.quiver.scan.execution.ScanResult;
import dev.quiver.scan.plan.ScanSpec;
import dev.quiver.scan.plan.SplitFile;
import dev.quiver.spark.batch.SparkBatch;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads one {@link QuiverInputPartition} as columnar batches: per file range one Quiver scan of those
 * rows (its splits' shared chunks decoded once), each scan batch handed to Spark as a
 * {@link SparkBatch} without copying. Owns every buffer: a batch is freed when the next is asked for
 * and at {@link #close()}, and the task's allocator must be empty then.
 */
final class QuiverPartitionReader implements PartitionReader<ColumnarBatch> {
  private final ScanSpec spec;
  private final StructType outputSchema;
  private final long limit;
  private final Iterator<FileRange> ranges;
  private final BufferAllocator allocator = new RootAllocator(Long.MAX_VALUE);
  private final ReadMetrics metrics = new ReadMetrics();
  private FileRange range;
  private ScanResult scan;
  private SparkBatch current;
  private long returned;

  QuiverPartitionReader(ScanSpec spec, StructType outputSchema, long limit, QuiverInputPartition partition) {
    this.spec = spec;
    this.outputSchema = outputSchema;
    this.limit = limit;
    this.ranges = partition.ranges().iterator();
  }

  @Override
  public boolean next() throws IOException {
    closeCurrent();
    while (limit < 0 || returned < limit) {
      if (scan == null) {
        if (!ranges.hasNext()) {
          return false;
        }
        range = ranges.next();
        scan = open(range);
      }
      Batch batch = scan.read();
      if (batch == null) {
        finishScan();
        continue;
      }
      if (batch.rowCount() == 0) {
        batch.close();
        continue;
      }
      if (limit >= 0 && returned + batch.rowCount() > limit) {
        int keep = (int) (limit - returned);
        int[] first = new int[keep];
        int[] selection = batch.hasSelection() ? batch.selection() : null;
        for (int i = 0; i < keep; i++) {
          first[i] = selection == null ? i : selection[i];
        }
        batch = batch.withPhysicalSelection(first, keep);
      }
      current = SparkBatch.wrap(batch, outputSchema, range.partitionValues(), range.file().path());
      returned += current.rowCount();
      return true;
    }
    return false;
  }

  private ScanResult open(FileRange fileRange) throws IOException {
    Scan plan = Scan.of(Path.of(fileRange.file().path())).columns(spec.columns()).threads(1)
        .rowRange(fileRange.start(), fileRange.end());
    if (spec.filter() != null) {
      plan = plan.filter(spec.filter());
    }
    if (limit >= 0) {
      plan = plan.limit(limit - returned);
    }
    ScanResult opened = plan.open(allocator);
    SplitFile seen = opened.plan().files().get(0);
    if (seen.length() != fileRange.file().length() || seen.footerChecksum() != fileRange.file().footerChecksum()) {
      opened.close();
      throw QuiverException.user(fileRange.file().path() + " changed since the query was planned (length "
          + fileRange.file().length() + " -> " + seen.length() + "); run the query again");
    }
    return opened;
  }

  private void finishScan() {
    metrics.add(scan.metrics().snapshot());
    scan.close();
    scan = null;
  }

  private void closeCurrent() {
    if (current != null) {
      current.close();
      current = null;
    }
  }

  @Override
  public ColumnarBatch get() {
    return current.columnar();
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return metrics.values(scan == null ? null : scan.metrics().snapshot());
  }

  @Override
  public void close() {
    closeCurrent();
    if (scan != null) {
      finishScan();
    }
    allocator.close();
  }
}
