package dev.quiver.exec.sort;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.plan.ValuesNode;
import dev.quiver.expression.Literal;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The literal rows of a {@link ValuesNode} as one morsel of batches of at most {@code batchRows}
 * rows, built in the query's allocator when the morsel is read. Thread-safe: one thread gets the
 * morsel.
 */
public final class ValuesSource implements MorselSource {
  private final ValuesNode node;
  private final OperatorMetrics metrics;
  private final AtomicBoolean taken = new AtomicBoolean();

  public ValuesSource(ValuesNode node) {
    this.node = node;
    this.metrics = new OperatorMetrics("Values", node.rows().size() + " rows");
    int columns = node.schema().getFields().size();
    for (List<Literal> row : node.rows()) {
      if (row.size() != columns) {
        throw new IllegalArgumentException("a VALUES row has " + row.size() + " values for " + columns + " columns");
      }
    }
  }

  @Override
  public Morsel next(ExecutionContext context) {
    if (!taken.compareAndSet(false, true)) {
      return null;
    }
    return new Morsel() {
      private int next;

      @Override
      public Batch next() {
        context.checkCancelled();
        List<List<Literal>> rows = node.rows();
        if (next >= rows.size() || rows.isEmpty()) {
          return null;
        }
        int count = Math.min(Math.max(1, context.batchRows()), rows.size() - next);
        Batch batch = build(rows.subList(next, next + count), context.allocator());
        next += count;
        metrics.output(count);
        return batch;
      }
    };
  }

  private Batch build(List<List<Literal>> rows, BufferAllocator allocator) {
    Batch.Builder builder = Batch.builder(rows.size());
    try {
      List<Field> fields = node.schema().getFields();
      for (int column = 0; column < fields.size(); column++) {
        Field field = fields.get(column);
        FieldVector vector = LiteralVectors.vector(field, rows, column, allocator);
        builder.add(field, vector);
      }
      return builder.build();
    } catch (RuntimeException failure) {
      builder.abandon();
      throw failure;
    }
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }
}
