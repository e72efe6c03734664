package dev.quiver.exec.execution;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.expression.CompiledPredicate;
import dev.quiver.exec.expression.ExpressionCompiler;
import dev.quiver.exec.operator.BatchConsumer;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorFactory;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.FilterNode;
import dev.quiver.expression.Expression;
import org.apache.arrow.vector.types.pojo.Schema;

/** Keeps the rows a condition holds TRUE for, as a selection vector over the same vectors (no copy). */
final class FilterOperatorFactory implements OperatorFactory {
  private final CompiledPredicate predicate;
  private final OperatorMetrics metrics;

  FilterOperatorFactory(Expression condition, Schema input) {
    this.predicate = ExpressionCompiler.compilePredicate(condition, input);
    this.metrics = new OperatorMetrics("Filter", condition.toString());
  }

  static FilterOperatorFactory of(FilterNode node) {
    return new FilterOperatorFactory(node.condition(), node.input().schema());
  }

  @Override
  public StreamOperator create(ExecutionContext context) {
    return new StreamOperator() {
      private int[] positions = new int[0];

      @Override
      public void process(Batch input, BatchConsumer output) {
        if (positions.length < input.physicalRowCount()) {
          positions = new int[Math.max(input.physicalRowCount(), 2 * positions.length)];
        }
        int count;
        try {
          count = predicate.select(input, positions);
        } catch (RuntimeException failure) {
          input.close(); // the batch is this operator's until it passes it on
          throw failure;
        }
        if (count == 0) {
          input.close();
          return;
        }
        if (count == input.rowCount()) {
          output.accept(input);
          return;
        }
        int[] kept = java.util.Arrays.copyOf(positions, count);
        output.accept(input.withPhysicalSelection(kept, count));
      }
    };
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }
}
