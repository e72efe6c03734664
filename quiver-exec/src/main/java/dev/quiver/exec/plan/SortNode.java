package dev.quiver.exec.plan;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Orders the input by its keys; with a limit it is a top-N (keeps only offset + limit rows while it
 * reads). Rows equal on every key come in no particular order. With {@code distinctKeys} above 0 it
 * is SQL's {@code DISTINCT ON}: of the rows equal on the first {@code distinctKeys} keys (NULLs equal)
 * only the first in the order of all the keys comes out.
 *
 * @param offset rows to skip after ordering (0 for none)
 * @param limit the most rows to return after the offset, or -1 for all
 * @param distinctKeys how many leading keys make a group of which only the first row is kept (0: keep all)
 */
public record SortNode(PlanNode input, List<SortKey> keys, long offset, long limit, int distinctKeys)
    implements PlanNode {
  public SortNode {
    Objects.requireNonNull(input, "input");
    keys = List.copyOf(keys);
    if (distinctKeys < 0 || distinctKeys > keys.size()) {
      throw new IllegalArgumentException("distinct keys " + distinctKeys + " outside the " + keys.size() + " keys");
    }
    if (distinctKeys > 0 && (offset != 0 || limit >= 0)) {
      throw new IllegalArgumentException("a DISTINCT ON sort takes no offset or limit (a sort above it does)");
    }
  }

  /** A sort that keeps every row. */
  public SortNode(PlanNode input, List<SortKey> keys, long offset, long limit) {
    this(input, keys, offset, limit, 0);
  }

  /** The same sort over another input. */
  public SortNode withInput(PlanNode newInput) {
    return new SortNode(newInput, keys, offset, limit, distinctKeys);
  }

  @Override
  public Schema schema() {
    return input.schema();
  }

  @Override
  public List<PlanNode> inputs() {
    return List.of(input);
  }

  @Override
  public String label() {
    return (limit >= 0 ? "TopN" : distinctKeys > 0 ? "DistinctOn" : "Sort") + "[" + keys
        + (distinctKeys > 0 ? ", distinct=" + distinctKeys : "") + (offset > 0 ? ", offset=" + offset : "")
        + (limit >= 0 ? ", limit=" + limit : "") + "]";
  }
}
