package dev.quiver.exec.execution;

import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorFactory;
import dev.quiver.exec.operator.SinkFactory;
import dev.quiver.exec.plan.PlanNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One pipeline of a query: a source of morsels, streaming operators, and a sink (a pipeline breaker
 * or the result). Runs after the pipelines it depends on (the builder lists pipelines in an order
 * that respects that); {@code ordered} pipelines run on one thread so their source's order holds.
 * Tails are extra sources that run after the main one through the operators after a given index
 * (the never-matched build rows of a RIGHT or FULL join).
 */
final class Pipeline {
  /** Opens a pipeline's source when the pipeline starts (after the breakers it reads are done). */
  interface SourceOpener {
    MorselSource open() throws IOException;
  }

  /** A source run after the main one, through {@code operators[firstOperator...]}. */
  record Tail(Supplier<MorselSource> source, int firstOperator) {}

  final int id;
  final SourceOpener source;
  final PlanNode sourceNode;
  final List<OperatorFactory> operators = new ArrayList<>();
  final List<PlanNode> operatorNodes = new ArrayList<>();
  final List<Tail> tails = new ArrayList<>();
  boolean ordered;
  SinkFactory sink;
  PlanNode sinkNode;

  Pipeline(int id, SourceOpener source, PlanNode sourceNode, boolean ordered) {
    this.id = id;
    this.source = source;
    this.sourceNode = sourceNode;
    this.ordered = ordered;
  }

  void add(OperatorFactory operator, PlanNode node) {
    operators.add(operator);
    operatorNodes.add(node);
  }
}
