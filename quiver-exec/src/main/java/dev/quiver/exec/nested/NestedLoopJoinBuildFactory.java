package dev.quiver.exec.nested;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.SinkFactory;
import dev.quiver.exec.plan.NestedLoopJoinNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Collects the right side of a nested-loop join (a scalar sub-query's row, or a few rows): every
 * batch decoded to dense vectors, its bytes reserved first (a RESOURCE error naming the join when
 * they do not fit). The probe reads the rows after {@link #finish}.
 */
public final class NestedLoopJoinBuildFactory implements SinkFactory {
  private final Schema schema;
  private final OperatorMetrics metrics;
  private final List<FieldVector[]> batches = new ArrayList<>();
  private final List<Integer> counts = new ArrayList<>();
  private final List<MemoryReservation> reservations = new ArrayList<>();
  private int rows;
  private boolean closed;

  /**
   * @param node the join
   * @param right the schema of its right input
   */
  public NestedLoopJoinBuildFactory(NestedLoopJoinNode node, Schema right) {
    this.schema = right;
    this.metrics = new OperatorMetrics("NestedLoopJoinBuild", node.type().toString());
  }

  @Override
  public Sink create(ExecutionContext context) {
    MemoryReservation reservation = context.reservation("NestedLoopJoin");
    synchronized (this) {
      reservations.add(reservation);
    }
    return new Sink() {
      @Override
      public void consume(Batch batch) {
        if (batch.rowCount() == 0) {
          batch.close();
          return;
        }
        VectorSchemaRoot dense;
        try {
          dense = context.retain(batch);
        } catch (RuntimeException failure) {
          batch.close();
          throw failure;
        }
        FieldVector[] columns = dense.getFieldVectors().toArray(new FieldVector[0]);
        try {
          long bytes = 0;
          for (FieldVector vector : columns) {
            bytes += vector.getBufferSize();
          }
          reservation.grow(bytes);
          metrics.memory(reservation.bytes());
        } catch (RuntimeException failure) {
          dense.close();
          throw failure;
        }
        synchronized (NestedLoopJoinBuildFactory.this) {
          if (closed) {
            dense.close();
            return;
          }
          batches.add(columns);
          counts.add(dense.getRowCount());
          rows += dense.getRowCount();
        }
      }
    };
  }

  @Override
  public void combine(Sink finished, ExecutionContext context) {}

  @Override
  public void finish(ExecutionContext context) {}

  /** Right rows collected. */
  public synchronized int rowCount() {
    return rows;
  }

  /** The right side's schema. */
  public Schema schema() {
    return schema;
  }

  /** The dense batches of right rows (read-only; owned by this factory). */
  synchronized List<FieldVector[]> batches() {
    return List.copyOf(batches);
  }

  /** Rows of each batch of {@link #batches}. */
  synchronized List<Integer> counts() {
    return List.copyOf(counts);
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  @Override
  public synchronized void close() {
    closed = true;
    for (FieldVector[] batch : batches) {
      for (FieldVector vector : batch) {
        vector.close();
      }
    }
    batches.clear();
    counts.clear();
    rows = 0;
    for (MemoryReservation reservation : reservations) {
      reservation.close();
    }
  }
}
