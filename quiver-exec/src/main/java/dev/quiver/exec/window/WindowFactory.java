package dev.quiver.exec.window;

import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorFactory;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.WindowNode;

/**
 * The window functions of a {@link WindowNode}, evaluated over rows that arrive sorted by the node's
 * {@link WindowNode#sortKeys()} (the engine's spilling sort runs below, on an ordered pipeline: one
 * thread sees every row, so one {@link WindowOperator} sees whole partitions).
 */
public final class WindowFactory implements OperatorFactory {
  private final WindowNode node;
  private final OperatorMetrics metrics;

  public WindowFactory(WindowNode node) {
    this.node = node;
    this.metrics = new OperatorMetrics("Window", node.details());
  }

  WindowNode node() {
    return node;
  }

  @Override
  public StreamOperator create(ExecutionContext context) {
    return new WindowOperator(this, context);
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }
}
