package dev.quiver.sql.planner;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;

/**
 * Every input row once per projection (the grouping sets of an aggregate, see {@link GroupingSetsPlanning});
 * every projection has one expression per field of {@code rowType}. Translated to an {@code ExpandNode}.
 */
final class ExpandRel extends SingleRel {
  private final List<List<RexNode>> projections;

  ExpandRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, List<List<RexNode>> projections,
      RelDataType rowType) {
    super(cluster, traits, input);
    this.projections = projections.stream().map(List::copyOf).toList();
    this.rowType = rowType;
  }

  List<List<RexNode>> projections() {
    return projections;
  }

  @Override
  protected RelDataType deriveRowType() {
    return rowType;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new ExpandRel(getCluster(), traitSet, sole(inputs), projections, rowType);
  }

  @Override
  public RelWriter explainTerms(RelWriter writer) {
    return super.explainTerms(writer).item("projections", projections);
  }
}
