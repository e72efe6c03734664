package dev.quiver.exec.plan;

import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A node of a physical plan: what the engine runs. Expressions inside a node read the columns of its
 * input by ordinal ({@code ColumnReference.ordinal}; for a join, the left input's columns then the
 * right's). Immutable; {@code label()} is its line in EXPLAIN.
 */
public sealed interface PlanNode
    permits TableScanNode, FilterNode, ProjectNode, AggregateNode, JoinNode, NestedLoopJoinNode, SortNode, LimitNode,
    UnionAllNode, ValuesNode, ExchangeNode, ExpandNode, WindowNode, RecursiveUnionNode {

  /** The columns this node produces. */
  Schema schema();

  List<PlanNode> inputs();

  /** The operator's name and arguments, one line, for EXPLAIN. */
  String label();
}
