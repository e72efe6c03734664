package dev.quiver.exec.join;

import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.SinkFactory;
import dev.quiver.exec.plan.JoinNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.VectorBatchAppender;

/**
 * The build side of a hash join (always the right input; the executor swaps inputs for {@code
 * buildLeft}): per-thread sinks keep their batches, {@link #finish} appends them into one vector per
 * column and builds the {@link JoinTable} (its arrays reserved first; RESOURCE naming HashJoin when
 * they do not fit). The probe side ({@link HashJoinProbeFactory}) reads the table.
 */
public final class HashJoinBuildFactory implements SinkFactory {
  final JoinSpec spec;
  private final OperatorMetrics metrics;
  private final List<VectorSchemaRoot> batches = new ArrayList<>();
  private long rows;
  private JoinTable table;

  /** The build side of {@code node}, whose inputs have schemas {@code left} and {@code right}. */
  public HashJoinBuildFactory(JoinNode node, Schema left, Schema right) {
    this.spec = new JoinSpec(node, left, right);
    this.metrics = new OperatorMetrics("HashJoinBuild", node.label());
  }

  @Override
  public Sink create(ExecutionContext context) {
    return new HashJoinBuildSink(context, metrics);
  }

  @Override
  public synchronized void combine(Sink finished, ExecutionContext context) {
    HashJoinBuildSink sink = (HashJoinBuildSink) finished;
    batches.addAll(sink.batches);
    sink.batches.clear();
    rows += sink.rows;
  }

  @Override
  public synchronized void finish(ExecutionContext context) {
    context.checkCancelled();
    long started = System.nanoTime();
    if (rows > Integer.MAX_VALUE - 16) {
      throw dev.quiver.common.QuiverException.user("a hash join's build side holds more than 2^31 rows");
    }
    List<FieldVector> columns = new ArrayList<>();
    try {
      for (int column = 0; column < spec.right.getFields().size(); column++) {
        Field field = spec.right.getFields().get(column);
        FieldVector target = field.createVector(context.allocator());
        columns.add(target);
        target.allocateNew();
        target.setValueCount(0);
        FieldVector[] sources = new FieldVector[batches.size()];
        for (int b = 0; b < sources.length; b++) {
          sources[b] = batches.get(b).getVector(column);
        }
        if (sources.length > 0) {
          VectorBatchAppender.batchAppend(target, sources);
        }
      }
    } catch (RuntimeException failure) {
      columns.forEach(FieldVector::close);
      throw failure;
    } finally {
      batches.forEach(VectorSchemaRoot::close);
      batches.clear();
    }
    table = JoinTable.build(spec, columns, (int) rows, context.reservation("HashJoin"));
    metrics.memory(context.memory().used());
    metrics.output(rows);
    metrics.time.add(System.nanoTime() - started);
  }

  /** The built table (after {@link #finish}). */
  synchronized JoinTable table() {
    if (table == null) {
      throw new IllegalStateException("the join's build side is not finished");
    }
    return table;
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  @Override
  public synchronized void close() {
    batches.forEach(VectorSchemaRoot::close);
    batches.clear();
    if (table != null) {
      table.close();
      table = null;
    }
  }
}
