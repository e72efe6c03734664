package dev.quiver.exec.join;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.expression.CompiledPredicate;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorFactory;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.JoinNode;
import dev.quiver.exec.plan.JoinType;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The probe side of a hash join: streams the left input against the table {@link
 * HashJoinBuildFactory} built (instances are created after the build finished). Output batches have
 * {@code JoinNode.schema()}: left columns then right columns (SEMI, ANTI and NULL_AWARE_ANTI: left
 * only; LEFT_MARK: left then the mark). For RIGHT and FULL joins the build rows no probe matched are
 * emitted by {@link #unmatchedBuildRows()}, which the executor runs after every probe thread is done.
 */
public final class HashJoinProbeFactory implements OperatorFactory {
  private final JoinSpec spec;
  private final HashJoinBuildFactory build;
  private final CompiledPredicate residual;
  private final OperatorMetrics metrics;

  /**
   * @param residualCompiler compiles the node's residual against the schema of left ++ right columns
   *     (e.g. {@code ExpressionCompiler::compilePredicate}); may be null when the node has no residual
   */
  public HashJoinProbeFactory(JoinNode node, HashJoinBuildFactory build,
      Function<Schema, CompiledPredicate> residualCompiler) {
    this.spec = build.spec;
    this.build = build;
    this.residual = JoinSpec.residual(node, spec.pair, residualCompiler);
    this.metrics = new OperatorMetrics("HashJoinProbe", node.label());
  }

  /** A probe with an already compiled residual (null: none) over left ++ right columns. */
  public HashJoinProbeFactory(HashJoinBuildFactory build, CompiledPredicate residual) {
    this.spec = build.spec;
    this.build = build;
    this.residual = residual;
    this.metrics = new OperatorMetrics("HashJoinProbe", spec.label);
  }

  @Override
  public StreamOperator create(ExecutionContext context) {
    if (build.spilled()) {
      return new SpilledJoinProbe(spec, build, residual, context, metrics);
    }
    JoinTable table = build.table();
    return new HashJoinProbe(spec, table, residual, context, metrics, table.rowCount, table.hasNullKey);
  }

  /**
   * The build rows the join type emits once every probe is done: those no probe row matched (RIGHT
   * and FULL, with NULL left columns; RIGHT_ANTI) or those some probe row matched (RIGHT_SEMI); null
   * for the other types. In batches of about {@code batchRows} build rows.
   */
  public MorselSource unmatchedBuildRows() {
    if (!spec.tracksBuildMatches()) {
      return null;
    }
    return new Unmatched();
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  private final class Unmatched implements MorselSource {
    private final AtomicInteger next = new AtomicInteger();
    /** RIGHT_SEMI emits the build rows some probe row matched; RIGHT, FULL and RIGHT_ANTI the others. */
    private final boolean wantMatched = spec.type == JoinType.RIGHT_SEMI;

    @Override
    public Morsel next(ExecutionContext context) {
      context.checkCancelled();
      if (build.spilled()) {
        return nextPartition(context);
      }
      JoinTable table = build.table();
      int from = next.getAndAdd(context.batchRows());
      if (from >= table.rowCount) {
        return null;
      }
      int to = Math.min(table.rowCount, from + context.batchRows());
      return new Morsel() {
        private boolean done;

        @Override
        public Batch next() {
          while (!done) {
            done = true;
            int[] rows = new int[to - from];
            int count = 0;
            for (int row = from; row < to; row++) {
              if ((table.matched[row] != 0) == wantMatched) {
                rows[count++] = row;
              }
            }
            if (count == 0) {
              return null;
            }
            Batch batch = JoinGather.pairs(null, null, table, rows, count, spec.output.getFields(),
                context.allocator());
            metrics.output(count);
            return batch;
          }
          return null;
        }
      };
    }

    /** The unmatched rows of the next spilled build partition (loaded for it, freed at the end). */
    private Morsel nextPartition(ExecutionContext context) {
      int partition = next.getAndIncrement();
      if (partition >= build.partitionCount()) {
        return null;
      }
      JoinTable table = build.loadPartition(partition, context);
      byte[] matched = build.matched(partition);
      return new Morsel() {
        private int position;

        @Override
        public Batch next() {
          while (position < table.rowCount) {
            context.checkCancelled();
            int to = Math.min(table.rowCount, position + context.batchRows());
            int[] rows = new int[to - position];
            int count = 0;
            for (int row = position; row < to; row++) {
              if ((matched != null && matched[row] != 0) == wantMatched) {
                rows[count++] = row;
              }
            }
            position = to;
            if (count > 0) {
              metrics.output(count);
              return JoinGather.pairs(null, null, table, rows, count, spec.output.getFields(), context.allocator());
            }
          }
          close();
          return null;
        }

        @Override
        public void close() {
          position = table.rowCount;
          table.close();
        }
      };
    }

    @Override
    public OperatorMetrics metrics() {
      return metrics;
    }
  }
}
