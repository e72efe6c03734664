package dev.quiver.exec.plan;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Orders the input by its keys; with a limit it is a top-N (keeps only offset + limit rows while it
 * reads). Rows equal on every key come in no particular order.
 *
 * @param offset rows to skip after ordering (0 for none)
 * @param limit the most rows to return after the offset, or -1 for all
 */
public record SortNode(PlanNode input, List<SortKey> keys, long offset, long limit) implements PlanNode {
  public SortNode {
    Objects.requireNonNull(input, "input");
    keys = List.copyOf(keys);
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
    return (limit >= 0 ? "TopN" : "Sort") + "[" + keys + (offset > 0 ? ", offset=" + offset : "")
        + (limit >= 0 ? ", limit=" + limit : "") + "]";
  }
}
