package dev.quiver.sql.planner;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.tools.RelBuilder;

final class JoinOrdering {
  private JoinOrdering() {}

  static RelNode reorder(RelNode rel, RelBuilder relBuilder) {
    return rel;
  }
}
