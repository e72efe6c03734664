package dev.quiver.sql.session;

import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.exec.execution.QueryExecution;
import dev.quiver.sql.catalog.RowTable;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.LongSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The result of one statement: the rows of a query as a stream of Arrow batches, or the text of an
 * EXPLAIN as rows of one {@code plan} column, or the one {@code Count} row of a COPY. Close it (a query still running is cancelled).
 */
public final class SqlResult implements AutoCloseable {
  private static final Schema PLAN_SCHEMA = new Schema(List.of(Field.notNullable("plan", ArrowType.Utf8.INSTANCE)));
  private static final Schema COUNT_SCHEMA = new Schema(
      List.of(Field.notNullable("Count", new ArrowType.Int(64, true))));

  private final QueryExecution execution;
  private final String text;
  private final BufferAllocator allocator;
  private final long elapsedNanos;
  private final LongSupplier copy;
  private RowTable table;
  private boolean textReturned;

  private SqlResult(QueryExecution execution, String text, LongSupplier copy,
      BufferAllocator allocator, long elapsedNanos) {
    this.execution = execution;
    this.text = text;
    this.copy = copy;
    this.allocator = allocator;
    this.elapsedNanos = elapsedNanos;
  }

  static SqlResult rows(QueryExecution execution) {
    return new SqlResult(execution, null, null, null, 0);
  }

  static SqlResult text(String text, BufferAllocator allocator, long elapsedNanos) {
    return new SqlResult(null, text, null, allocator, elapsedNanos);
  }

  /**
   * A COPY of {@code execution}'s rows: the first {@link #next} runs {@code copy} (which writes the
   * rows and returns how many) and answers one row, column {@code Count} (DuckDB's answer); {@link
   * #cancel} stops the query, so the copy fails and leaves no file.
   */
  static SqlResult copying(QueryExecution execution, LongSupplier copy, BufferAllocator allocator) {
    return new SqlResult(execution, null, copy, allocator, 0);
  }

  /**
   * The rows of {@code table} (DESCRIBE, SHOW, SUMMARIZE: computed already), one batch allocated
   * under {@code allocator}.
   */
  static SqlResult table(RowTable table, BufferAllocator allocator, long elapsedNanos) {
    SqlResult result = new SqlResult(null, null, null, allocator, elapsedNanos);
    result.table = table;
    return result;
  }

  /** Whether this is the text of an EXPLAIN (one {@code plan} column, one row per line). */
  public boolean isText() {
    return text != null;
  }

  /** The EXPLAIN text, or null for a query. */
  public String text() {
    return text;
  }

  public Schema schema() {
    if (table != null) {
      return table.schema();
    }
    if (copy != null) {
      return COUNT_SCHEMA;
    }
    return execution == null ? PLAN_SCHEMA : execution.schema();
  }

  /** The next batch (owned by the caller), or null at the end; a query's failure is thrown here. */
  public VectorSchemaRoot next() {
    if (table != null) {
      if (textReturned) {
        return null;
      }
      textReturned = true;
      return table.batch(allocator);
    }
    if (copy != null) {
      if (textReturned) {
        return null;
      }
      textReturned = true;
      BigIntVector vector = new BigIntVector(COUNT_SCHEMA.getFields().get(0), allocator);
      try {
        long rows = copy.getAsLong();
        vector.allocateNew(1);
        vector.set(0, rows);
        vector.setValueCount(1);
      } catch (RuntimeException failure) {
        vector.close();
        throw failure;
      }
      return new VectorSchemaRoot(COUNT_SCHEMA.getFields(), List.of(vector), 1);
    }
    if (execution != null) {
      return execution.next();
    }
    if (textReturned) {
      return null;
    }
    textReturned = true;
    String[] lines = text.split("\n", -1);
    int count = lines.length > 0 && lines[lines.length - 1].isEmpty() ? lines.length - 1 : lines.length;
    VarCharVector vector = new VarCharVector(PLAN_SCHEMA.getFields().get(0), allocator);
    vector.allocateNew(count);
    for (int i = 0; i < count; i++) {
      vector.setSafe(i, lines[i].getBytes(StandardCharsets.UTF_8));
    }
    vector.setValueCount(count);
    return new VectorSchemaRoot(PLAN_SCHEMA.getFields(), List.of(vector), count);
  }

  /** Stops a running query (any thread). */
  public void cancel() {
    if (execution != null) {
      execution.cancel();
    }
  }

  /**
   * Whether the query has done all its work and freed what it held, apart from result batches not
   * read yet (always true for an EXPLAIN).
   */
  public boolean isFinished() {
    return execution == null || execution.isFinished();
  }

  /** How far the query got, 0 to 1, or NaN when it cannot tell. */
  public double progress() {
    return execution == null ? 1.0 : execution.progress();
  }

  public long elapsedNanos() {
    return execution == null ? elapsedNanos : execution.elapsedNanos();
  }

  /** The plan with each operator's metrics (after the query ran to its end). */
  public String explainAnalyze() {
    return execution == null ? text : execution.explainAnalyze();
  }

  public MetricsSnapshot metrics() {
    return execution == null ? new MetricsSnapshot(List.of()) : execution.metrics();
  }

  @Override
  public void close() {
    if (execution != null) {
      execution.close();
    }
  }
}
