package dev.quiver.sql.planner;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;

/** Questions about a logical plan's shape. */
final class PlanShapes {
  private PlanShapes() {}

  /** Whether a Correlate, a correlation variable or a sub-query is left anywhere in {@code rel}. */
  static boolean hasCorrelation(RelNode rel) {
    if (rel instanceof Correlate) {
      return true;
    }
    boolean[] found = {false};
    rel.accept(new RexShuttle() {
      @Override
      public RexNode visitCorrelVariable(RexCorrelVariable variable) {
        found[0] = true;
        return variable;
      }

      @Override
      public RexNode visitSubQuery(RexSubQuery subQuery) {
        found[0] = true;
        return subQuery;
      }
    });
    if (found[0]) {
      return true;
    }
    for (RelNode input : rel.getInputs()) {
      if (hasCorrelation(input)) {
        return true;
      }
    }
    return false;
  }
}
