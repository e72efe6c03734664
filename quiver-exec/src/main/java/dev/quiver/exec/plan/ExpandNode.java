package dev.quiver.exec.plan;

import dev.quiver.expression.Expression;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Every input row once per projection: each projection computes one value per output column (the
 * grouping sets of GROUPING SETS, ROLLUP and CUBE: the keys a set leaves out as NULL, and the set's
 * number), so an aggregate above groups every set in one pass over the input.
 *
 * @param projections per copy of the input, one expression per output column (of the same types)
 * @param names the output column names
 * @param nullable per output column, whether it may hold NULL
 */
public record ExpandNode(PlanNode input, List<List<Expression>> projections, List<String> names,
    List<Boolean> nullable) implements PlanNode {
  public ExpandNode {
    Objects.requireNonNull(input, "input");
    projections = projections.stream().map(List::copyOf).toList();
    names = List.copyOf(names);
    nullable = List.copyOf(nullable);
    if (projections.isEmpty()) {
      throw new IllegalArgumentException("an expansion needs at least one projection");
    }
    for (List<Expression> projection : projections) {
      if (projection.size() != names.size()) {
        throw new IllegalArgumentException("each projection needs one expression per output column");
      }
      for (int i = 0; i < projection.size(); i++) {
        if (!projection.get(i).type().equals(projections.get(0).get(i).type())) {
          throw new IllegalArgumentException("column " + names.get(i) + " has type " + projection.get(i).type()
              + " in one projection and " + projections.get(0).get(i).type() + " in another");
        }
      }
    }
    if (nullable.size() != names.size()) {
      throw new IllegalArgumentException("an expansion needs one nullability per output column");
    }
  }

  @Override
  public Schema schema() {
    return ProjectNode.schema(names, projections.get(0), nullable);
  }

  @Override
  public List<PlanNode> inputs() {
    return List.of(input);
  }

  @Override
  public String label() {
    List<String> sets = new ArrayList<>();
    for (List<Expression> projection : projections) {
      sets.add(projection.toString());
    }
    return "Expand[" + projections.size() + " copies: " + String.join(", ", sets) + "]";
  }
}
