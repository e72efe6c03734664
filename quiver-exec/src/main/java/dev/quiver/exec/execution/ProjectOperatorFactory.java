package dev.quiver.exec.execution;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.expression.CompiledProjection;
import dev.quiver.exec.expression.ExpressionCompiler;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorFactory;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.ProjectNode;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Expression;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Computes the output columns. Columns passed through keep their vectors (and dictionaries, and the
 * input's selection when nothing is computed or every computed column is of a fixed-width type and the
 * selection keeps at least an eighth of the rows); computed columns are evaluated once per batch.
 */
final class ProjectOperatorFactory implements OperatorFactory {
  private final List<Field> fields;
  /** Per output column: the input ordinal passed through, or -1 when computed. */
  private final int[] passThrough;
  /** The computed columns' expressions, compiled together (in output order of the columns computed). */
  private final CompiledProjection computed;
  private final boolean anyComputed;
  private final OperatorMetrics metrics;
  private final boolean scatters;

  ProjectOperatorFactory(ProjectNode node) {
    Schema input = node.input().schema();
    this.fields = node.schema().getFields();
    int count = node.expressions().size();
    this.passThrough = new int[count];
    List<Expression> expressions = new java.util.ArrayList<>();
    java.util.Set<Integer> used = new java.util.HashSet<>();
    for (int i = 0; i < count; i++) {
      Expression expression = node.expressions().get(i);
      if (expression instanceof ColumnReference reference && used.add(reference.ordinal())) {
        passThrough[i] = reference.ordinal();
      } else {
        passThrough[i] = -1;
        expressions.add(expression);
      }
    }
    this.computed = ExpressionCompiler.compileAll(expressions, input);
    this.anyComputed = !expressions.isEmpty();
    this.scatters = computed.scatters();
    this.metrics = new OperatorMetrics("Project", node.label().substring("Project".length()));
  }

  @Override
  public StreamOperator create(ExecutionContext context) {
    return (input, output) -> output.accept(project(input, context));
  }

  private Batch project(Batch input, ExecutionContext context) {
    // with a selection of at least an eighth of the rows, fixed-width results are written at the selected rows'
    // positions and the batch keeps its vectors and selection; a string result is written densely, and a sparser
    // selection would make mostly empty vectors, so the batch is compacted first
    boolean scatter = anyComputed && input.hasSelection() && scatters
        && input.rowCount() >= input.physicalRowCount() / 8;
    Batch source = anyComputed && input.hasSelection() && !scatter ? input.compact(context.allocator()) : input;
    FieldVector[] values = new FieldVector[fields.size()];
    Batch.Builder builder = Batch.builder(source.physicalRowCount());
    try {
      if (anyComputed) {
        FieldVector[] made = scatter ? computed.evaluateScattered(source, context.allocator())
            : computed.evaluate(source, context.allocator());
        int next = 0;
        for (int i = 0; i < fields.size(); i++) {
          if (passThrough[i] < 0) {
            values[i] = made[next++];
          }
        }
      }
      for (int i = 0; i < fields.size(); i++) {
        Field field = fields.get(i);
        int column = passThrough[i];
        if (column < 0) {
          builder.add(field, values[i]);
          values[i] = null;
        } else if (source.isDictionaryEncoded(column)) {
          IntVector codes = (IntVector) source.releaseVector(column);
          builder.addDictionary(field, codes, source.releaseDictionary(column));
        } else {
          builder.add(field, source.releaseVector(column));
        }
      }
      if (source.hasSelection()) {
        builder.selection(source.selection(), source.rowCount());
      }
      return builder.build();
    } catch (RuntimeException failure) {
      builder.abandon();
      for (FieldVector value : values) {
        if (value != null) {
          value.close();
        }
      }
      throw failure;
    } finally {
      source.close();
    }
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }
}
