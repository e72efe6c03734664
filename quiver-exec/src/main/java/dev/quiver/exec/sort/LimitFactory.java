package dev.quiver.exec.sort;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.operator.BatchConsumer;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorFactory;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.LimitNode;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The LIMIT/OFFSET of a {@link LimitNode} over any number of threads: every thread claims the rows of
 * its batch from one shared count, skips those before the offset and drops those past offset +
 * limit, passing the rest on (selection and dictionaries kept). Once the count reaches offset +
 * limit every instance reports {@link StreamOperator#isDone()} so the driver stops early. Which
 * rows pass is not fixed when several threads run (a LIMIT without ORDER BY picks any rows).
 */
public final class LimitFactory implements OperatorFactory {
  private final long offset;
  private final long end;
  private final AtomicLong claimed = new AtomicLong();
  private final OperatorMetrics metrics;

  public LimitFactory(LimitNode node) {
    this(node.offset(), node.limit());
  }

  /**
   * @param offset rows to skip (at least 0)
   * @param limit rows to pass after the offset, or -1 for all
   */
  public LimitFactory(long offset, long limit) {
    if (offset < 0) {
      throw new IllegalArgumentException("a limit's offset must not be negative: " + offset);
    }
    this.offset = offset;
    this.end = limit < 0 || limit > Long.MAX_VALUE - offset ? Long.MAX_VALUE : offset + limit;
    this.metrics = new OperatorMetrics("Limit", (offset > 0 ? "offset=" + offset + " " : "") + "limit=" + limit);
  }

  @Override
  public StreamOperator create(ExecutionContext context) {
    return new StreamOperator() {
      @Override
      public void process(Batch input, BatchConsumer output) {
        int rows = input.rowCount();
        if (rows == 0 || claimed.get() >= end) {
          input.close();
          return;
        }
        long first = claimed.getAndAdd(rows);
        long from = Math.max(first, offset);
        long to = Math.min(first + rows, end);
        if (from >= to) {
          input.close();
          return;
        }
        if (from == first && to == first + rows) {
          output.accept(input);
          return;
        }
        int count = (int) (to - from);
        int[] positions = new int[count];
        int start = (int) (from - first);
        for (int i = 0; i < count; i++) {
          positions[i] = start + i;
        }
        output.accept(input.withSelection(positions, count));
      }

      @Override
      public boolean isDone() {
        return claimed.get() >= end;
      }
    };
  }

  /** Whether the limit is reached (no thread needs more input). */
  public boolean isDone() {
    return claimed.get() >= end;
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }
}
