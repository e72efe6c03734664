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

  private static boolean hasField(RelDataType type, String name) {
    return type.getFieldNames().contains(name);
  }
}
