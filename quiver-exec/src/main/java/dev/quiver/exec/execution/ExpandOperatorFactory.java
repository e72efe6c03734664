package dev.quiver.exec.execution;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.expression.CompiledProjection;
import dev.quiver.exec.expression.ExpressionCompiler;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorFactory;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.ExpandNode;
import dev.quiver.expression.Expression;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@link ExpandNode}: each input batch becomes one output batch per projection, each evaluated once per
 * batch (its expressions compiled together).
 */
final class ExpandOperatorFactory implements OperatorFactory {
  private final List<Field> fields;
  private final List<CompiledProjection> projections = new ArrayList<>();
  private final OperatorMetrics metrics;

  ExpandOperatorFactory(ExpandNode node) {
    this.fields = node.schema().getFields();
    for (List<Expression> projection : node.projections()) {
      projections.add(ExpressionCompiler.compileAll(projection, node.input().schema()));
    }
    this.metrics = new OperatorMetrics("Expand", "[" + node.projections().size() + " copies]");
  }

  @Override
  public StreamOperator create(ExecutionContext context) {
    return (input, output) -> {
      Batch source = input.hasSelection() ? input.compact(context.allocator()) : input;
      try {
        for (CompiledProjection projection : projections) {
          output.accept(copy(source, projection, context));
        }
      } finally {
        source.close();
      }
    };
  }

  private Batch copy(Batch source, CompiledProjection projection, ExecutionContext context) {
    FieldVector[] values = projection.evaluate(source, context.allocator());
    Batch.Builder builder = Batch.builder(source.physicalRowCount());
    int added = 0;
    try {
      for (int i = 0; i < fields.size(); i++) {
        builder.add(fields.get(i), values[i]);
        added++;
      }
      return builder.build();
    } catch (RuntimeException failure) {
      builder.abandon();
      for (int i = added; i < values.length; i++) {
        values[i].close();
      }
      throw failure;
    }
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }
}
