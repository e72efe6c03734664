package dev.quiver.exec.plan;

import dev.quiver.exec.source.WorkingTable;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A recursive query ({@code WITH RECURSIVE t AS (seed UNION [ALL] iterative)}): the rows of {@code seed},
 * then, again and again, the rows {@code iterative} makes from the rows the step before made (its scans
 * of {@code table} read them), until a step makes no new row. With {@code all} false (UNION), a row
 * already made is not made again: the result has no duplicates, and a step whose rows were all seen
 * ends the recursion (so cycles in a graph end).
 *
 * @param seed the non-recursive part, run once
 * @param iterative the recursive part, run per step; reads {@code table}, has the seed's column types
 * @param table the working table the iterative part scans (the previous step's new rows)
 * @param all UNION ALL (every row, duplicates too) rather than UNION
 * @param schema the result's columns (the seed's types)
 * @param maxSteps the most recursive steps before the query fails (a recursion that never ends)
 */
public record RecursiveUnionNode(PlanNode seed, PlanNode iterative, WorkingTable table, boolean all, Schema schema,
    long maxSteps) implements PlanNode {
  public RecursiveUnionNode {
    Objects.requireNonNull(seed, "seed");
    Objects.requireNonNull(iterative, "iterative");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(schema, "schema");
    if (maxSteps < 1) {
      throw new IllegalArgumentException("a recursion needs at least one step, not " + maxSteps);
    }
    int columns = schema.getFields().size();
    if (seed.schema().getFields().size() != columns || iterative.schema().getFields().size() != columns) {
      throw new IllegalArgumentException("a recursive union's parts need " + columns + " columns each");
    }
  }

  /** The same recursion over new parts (plan rewrites). */
  public RecursiveUnionNode withInputs(PlanNode newSeed, PlanNode newIterative) {
    return new RecursiveUnionNode(newSeed, newIterative, table, all, schema, maxSteps);
  }

  @Override
  public List<PlanNode> inputs() {
    return List.of(seed, iterative);
  }

  @Override
  public String label() {
    return "RecursiveUnion[" + (all ? "UNION ALL" : "UNION") + ", working table " + table.name() + "]";
  }
}
