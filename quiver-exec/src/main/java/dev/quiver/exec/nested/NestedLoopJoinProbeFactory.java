package dev.quiver.exec.nested;

import dev.quiver.exec.expression.CompiledPredicate;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorFactory;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.JoinType;
import dev.quiver.exec.plan.NestedLoopJoinNode;
import dev.quiver.expression.Expression;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The probe side of a nested-loop join: every left batch against every right row collected by a
 * {@link NestedLoopJoinBuildFactory}. Vectorized over the right rows: for each right row the left
 * batch (shared, selection and dictionaries kept) gets that row's values broadcast as extra columns
 * and the condition is evaluated once over the batch. INNER emits the pairs, LEFT also the left rows
 * with no match (right columns NULL), SEMI the left rows with a match, ANTI those without. The
 * condition reads the left columns then the right ones; no condition is TRUE.
 */
public final class NestedLoopJoinProbeFactory implements OperatorFactory {
  private final NestedLoopJoinNode node;
  private final NestedLoopJoinBuildFactory build;
  private final CompiledPredicate predicate;
  private final Schema conditionSchema;
  private final Schema outputSchema;
  private final OperatorMetrics metrics;

  /**
   * @param node the join
   * @param build the collected right side (finished before the probe's pipeline runs)
   * @param compiler compiles the join's condition against left ++ right columns (called once, here,
   *     when the condition is not null)
   */
  public NestedLoopJoinProbeFactory(NestedLoopJoinNode node, NestedLoopJoinBuildFactory build,
      BiFunction<Expression, Schema, CompiledPredicate> compiler) {
    this.node = node;
    this.build = build;
    List<Field> fields = new ArrayList<>(node.left().schema().getFields());
    fields.addAll(node.right().schema().getFields());
    this.conditionSchema = new Schema(fields);
    this.outputSchema = node.schema();
    this.predicate = node.condition() == null ? null : compiler.apply(node.condition(), conditionSchema);
    this.metrics = new OperatorMetrics("NestedLoopJoin", node.type()
        + (node.condition() == null ? "" : " condition=" + node.condition()));
  }

  @Override
  public StreamOperator create(ExecutionContext context) {
    return new NestedLoopJoinProbe(context, build, predicate, node.type(), node.left().schema().getFields().size(),
        conditionSchema, outputSchema);
  }

  /** The join type. */
  public JoinType type() {
    return node.type();
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }
}
