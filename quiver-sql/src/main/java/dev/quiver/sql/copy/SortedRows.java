package dev.quiver.sql.copy;

import dev.quiver.common.metrics.Metric;
import dev.quiver.exec.execution.QueryEngine;
import dev.quiver.exec.execution.QueryExecution;
import dev.quiver.exec.execution.QueryOptions;
import dev.quiver.exec.plan.SortKey;
import dev.quiver.exec.plan.SortNode;
import dev.quiver.exec.plan.TableScanNode;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A stream of batches sorted by the engine's own sort (quiver-exec's {@code SortFactory}): it holds
 * rows up to its share of {@code options}' memory limit and spills sorted runs to
 * {@code options}' spill folder past it, then merges them, so a table larger than memory sorts in
 * bounded memory. The input is read by one engine thread as the sort asks for it; {@link #next}
 * yields the sorted rows once the input is consumed. Rows equal on every key come in no particular
 * order. Close it (it stops the sort and removes its spill files).
 */
public final class SortedRows implements AutoCloseable {
  private final QueryEngine engine;
  private final QueryExecution execution;

  private SortedRows(QueryEngine engine, QueryExecution execution) {
    this.engine = engine;
    this.execution = execution;
  }

  /**
   * Starts sorting {@code input} (batches of {@code schema}, each owned by the sort once returned).
   *
   * @param options the memory limit, spill folder and output batch rows (threads: one)
   * @param allocator the parent of the sort's memory and the allocator of the batches {@link #next} returns
   */
  public static SortedRows start(CopyWriter.Batches input, Schema schema, SortOrder order, QueryOptions options,
      BufferAllocator allocator) {
    List<SortKey> keys = order.resolve(schema);
    List<String> columns = schema.getFields().stream().map(Field::getName).toList();
    TableScanNode scan = new TableScanNode(new BatchStreamSource(input, schema), columns, null, -1);
    QueryEngine engine = new QueryEngine(allocator, 1);
    try {
      return new SortedRows(engine, engine.execute(new SortNode(scan, keys, 0, -1), options.withThreads(1)));
    } catch (RuntimeException failure) {
      engine.close();
      throw failure;
    }
  }

  /** The next sorted batch (owned by the caller), or null at the end; the input's or the sort's failure is thrown here. */
  public VectorSchemaRoot next() {
    return execution.next();
  }

  /** Sorted runs the sort spilled to disk so far (0 when the input fit in its memory). */
  public long spills() {
    long spills = 0;
    for (Metric metric : execution.metrics().metrics()) {
      if (metric.name().endsWith(".spills")) {
        spills += metric.value();
      }
    }
    return spills;
  }

  /** The most memory the sort held at once, in bytes. */
  public long peakMemory() {
    return execution.peakMemory();
  }

  @Override
  public void close() {
    try {
      execution.close();
    } finally {
      engine.close();
    }
  }
}
