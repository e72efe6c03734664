package dev.quiver.sql.planner;

import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.PlanPrinter;
import java.util.Objects;

/**
 * A planned statement: what it asks for and the plan.
 *
 * @param kind a query, {@code EXPLAIN} (print the plan) or {@code EXPLAIN ANALYZE} (run it, print the
 *     plan with each operator's metrics)
 * @param plan the plan of the query (of the explained query for EXPLAIN)
 */
public record SqlStatement(Kind kind, PlanNode plan) {
  /** What a statement asks for. */
  public enum Kind {
    QUERY,
    EXPLAIN,
    EXPLAIN_ANALYZE
  }

  public SqlStatement {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(plan, "plan");
  }

  /** The plan as EXPLAIN prints it. */
  public String explain() {
    return PlanPrinter.print(plan);
  }
}
