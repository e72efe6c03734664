package dev.quiver.sql.copy;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.source.TableSource;
import dev.quiver.expression.Expression;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A stream of batches as a one-shot table for the engine: one scan, one morsel, which pulls the
 * batches from {@link CopyWriter.Batches} on the thread that runs it (so the stream is read by one
 * thread at a time, in order). Every column, no filter, no limit: {@link SortedRows} puts a sort
 * above it.
 */
final class BatchStreamSource implements TableSource {
  private final CopyWriter.Batches batches;
  private final Schema schema;
  private final AtomicBoolean opened = new AtomicBoolean();

  BatchStreamSource(CopyWriter.Batches batches, Schema schema) {
    this.batches = batches;
    this.schema = schema;
  }

  @Override
  public String name() {
    return "input";
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public long rowCount() {
    return -1;
  }

  @Override
  public MorselSource open(List<String> columns, Expression filter, long limit, ExecutionContext context) {
    if (!opened.compareAndSet(false, true)) {
      throw new IllegalStateException("a stream of batches is read once");
    }
    if (!columns.equals(schema.getFields().stream().map(field -> field.getName()).toList())) {
      throw new IllegalStateException("a stream of batches is read whole, in its own column order: " + columns);
    }
    OperatorMetrics metrics = new OperatorMetrics("Input", "");
    return new MorselSource() {
      private final AtomicBoolean taken = new AtomicBoolean();

      @Override
      public Morsel next(ExecutionContext unused) {
        if (!taken.compareAndSet(false, true)) {
          return null;
        }
        return () -> {
          context.checkCancelled();
          VectorSchemaRoot next = batches.next();
          if (next == null) {
            return null;
          }
          if (!next.getSchema().getFields().equals(schema.getFields())) {
            next.close();
            throw QuiverException.user("a batch has columns " + next.getSchema() + ", the first " + schema
                + "; one table is written");
          }
          metrics.output(next.getRowCount());
          return Batch.of(next);
        };
      }

      @Override
      public OperatorMetrics metrics() {
        return metrics;
      }
    };
  }
}
