package dev.quiver.sql.planner;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.tools.RelBuilder;

/**
 * Puts the outermost SELECT's DISTINCT ON into its plan. {@link DialectClauses} made the DISTINCT ON
 * expressions the last select items ({@code $on0, ...}); here a {@link DistinctOnRel} goes right
 * above the projection that computes them (the lowest of the plan's top projections and sorts that has them), ordered by them and then by the query's ORDER BY (so the
 * row kept of each group is the first in that order), under the query's own sort and limit; a last
 * projection drops them.
 */
final class DistinctOnPlanning {
  private DistinctOnPlanning() {}

  static RelNode apply(RelNode root, int count, RelBuilder builder) {
    List<RelNode> path = new ArrayList<>();
    RelNode node = root;
    int computing = -1;
    while (true) {
      path.add(node);
      if (node instanceof Project && hasField(node.getRowType(), DialectClauses.distinctOnName(0))) {
        computing = path.size() - 1;
      }
      if (!(node instanceof Project || node instanceof Sort)) {
        break;
      }
      node = node.getInput(0);
    }
    if (computing < 0) {
      throw new QuiverException(ErrorCode.INTERNAL, "DISTINCT ON: the plan has no projection of its expressions"
          + " (a bug in Quiver's planning; please report it with the query)");
    }
    RelNode projection = path.get(computing);
    List<RelFieldCollation> keys = new ArrayList<>();
    List<Integer> onFields = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int field = projection.getRowType().getFieldNames().indexOf(DialectClauses.distinctOnName(i));
      onFields.add(field);
      keys.add(new RelFieldCollation(field, RelFieldCollation.Direction.ASCENDING,
          RelFieldCollation.NullDirection.LAST));
    }
    if (computing > 0 && path.get(computing - 1) instanceof Sort sort) {
      for (RelFieldCollation collation : sort.getCollation().getFieldCollations()) {
        if (!onFields.contains(collation.getFieldIndex())) {
          keys.add(collation);
        }
      }
    }
    RelNode rebuilt = DistinctOnRel.create(projection, RelCollations.of(keys), count);
    for (int i = computing - 1; i >= 0; i--) {
      rebuilt = path.get(i).copy(path.get(i).getTraitSet(), List.of(rebuilt));
    }
    List<String> names = rebuilt.getRowType().getFieldNames();
    List<RexNode> kept = new ArrayList<>();
    List<String> keptNames = new ArrayList<>();
    builder.push(rebuilt);
    for (int i = 0; i < names.size(); i++) {
      if (!names.get(i).startsWith("$on")) {
        kept.add(builder.field(i));
        keptNames.add(names.get(i));
      }
    }
    return builder.project(kept, keptNames, true).build();
  }

  /**
   * The DISTINCT ON queries below the outermost SELECT ({@link NestedDistinctOn}): each one's {@code
   * $KEEP(id, keys..., order...)} filter becomes a {@link DistinctOnRel} ordered by those columns (by
   * the keys, then the ORDER BY), under the query's own sort when it has a LIMIT; the query's {@code *
   * EXCLUDE} drops the hidden columns above.
   */
  static RelNode nested(RelNode rel, List<NestedDistinctOn.Spec> specs, RelBuilder builder) {
    if (specs.isEmpty()) {
      return rel;
    }
    java.util.Set<Integer> placed = new java.util.HashSet<>();
    RelNode result = rel.accept(new org.apache.calcite.rel.RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        RelNode visited = super.visit(other);
        if (!(visited instanceof org.apache.calcite.rel.core.Filter filter)
            || !(filter.getCondition() instanceof org.apache.calcite.rex.RexCall call)
            || call.getOperator() != NestedDistinctOn.KEEP) {
          return visited;
        }
        int id = ((org.apache.calcite.rex.RexLiteral) call.getOperands().get(0)).getValueAs(Integer.class);
        NestedDistinctOn.Spec spec = specs.get(id - 1);
        placed.add(id);
        RelNode input = filter.getInput();
        Sort limit = input instanceof Sort sort && (sort.fetch != null || sort.offset != null) ? sort : null;
        RelNode below = limit == null ? input : limit.getInput();
        RelNode distinct = distinctOn(below, call.getOperands().subList(1, call.getOperands().size()), spec,
            builder);
        return limit == null ? distinct : limit.copy(limit.getTraitSet(), List.of(distinct));
      }
    });
    if (placed.size() != specs.size()) {
      throw new QuiverException(ErrorCode.INTERNAL, "DISTINCT ON in a sub-query: its marker was lost in planning"
          + " (a bug in Quiver's planning; please report it with the query)");
    }
    return result;
  }

  /**
   * {@code input} kept to the first row of each group of {@code hidden}'s first {@code spec.keys()}
   * values, ordered by all of them; hidden values that are not plain columns are computed first (and
   * dropped after).
   */
  private static RelNode distinctOn(RelNode input, List<RexNode> hidden, NestedDistinctOn.Spec spec,
      RelBuilder builder) {
    int width = input.getRowType().getFieldCount();
    boolean allColumns = hidden.stream().allMatch(node -> node instanceof org.apache.calcite.rex.RexInputRef);
    RelNode source = input;
    if (!allColumns) {
      builder.push(input);
      List<RexNode> fields = new ArrayList<>(builder.fields());
      fields.addAll(hidden);
      source = builder.project(fields).build();
    }
    List<RelFieldCollation> keys = new ArrayList<>();
    List<Integer> used = new ArrayList<>();
    for (int i = 0; i < hidden.size(); i++) {
      int field = allColumns ? ((org.apache.calcite.rex.RexInputRef) hidden.get(i)).getIndex() : width + i;
      RelFieldCollation collation = i < spec.keys()
          ? new RelFieldCollation(field, RelFieldCollation.Direction.ASCENDING, RelFieldCollation.NullDirection.LAST)
          : spec.order().get(i - spec.keys()).withFieldIndex(field);
      if (!used.contains(field)) {
        keys.add(collation);
        used.add(field);
      } else if (i < spec.keys()) {
        throw new QuiverException(ErrorCode.USER, "DISTINCT ON names the same expression twice");
      }
    }
    RelNode distinct = DistinctOnRel.create(source, RelCollations.of(keys), spec.keys());
    if (allColumns) {
      return distinct;
    }
    builder.push(distinct);
    List<RexNode> original = new ArrayList<>(builder.fields().subList(0, width));
    return builder.project(original, input.getRowType().getFieldNames(), true).build();
  }

  private static boolean hasField(RelDataType type, String name) {
    return type.getFieldNames().contains(name);
  }
}
