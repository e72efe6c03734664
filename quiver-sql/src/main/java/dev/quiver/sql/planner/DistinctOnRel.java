package dev.quiver.sql.planner;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;

/**
 * SQL's {@code DISTINCT ON (k1, ..., kn)} in a plan: orders its input by {@code collation} (the n
 * DISTINCT ON expressions first, then the query's ORDER BY) and keeps the first row of each group of
 * rows equal on the first {@code distinctKeys} fields of it. Not a {@code Sort} on purpose: Calcite's
 * rules and field trimming rebuild a Sort as a plain sort, which would keep every row. Translated to
 * a {@code SortNode} with {@code distinctKeys}.
 */
final class DistinctOnRel extends SingleRel {
  private final RelCollation collation;
  private final int distinctKeys;

  DistinctOnRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, RelCollation collation, int distinctKeys) {
    super(cluster, traits, input);
    this.collation = collation;
    this.distinctKeys = distinctKeys;
  }

  static DistinctOnRel create(RelNode input, RelCollation collation, int distinctKeys) {
    return new DistinctOnRel(input.getCluster(), input.getTraitSet(), input, collation, distinctKeys);
  }

  RelCollation collation() {
    return collation;
  }

  int distinctKeys() {
    return distinctKeys;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new DistinctOnRel(getCluster(), traitSet, sole(inputs), collation, distinctKeys);
  }

  @Override
  public RelWriter explainTerms(RelWriter writer) {
    return super.explainTerms(writer).item("collation", collation).item("distinct", distinctKeys);
  }
}
