package dev.quiver.exec.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Window functions over one partitioning and ordering: the output is every input row (in the order
 * of partition keys then order keys) with one column per call appended. The engine sorts the input
 * by {@link #sortKeys()} (the spilling sort) and evaluates the calls partition by partition.
 *
 * @param partitionKeys input ordinals of the PARTITION BY columns (NULLs one partition)
 * @param orderKeys the ORDER BY keys inside a partition (rows equal on all of them are peers)
 * @param calls the functions, each with its own frame
 */
public record WindowNode(PlanNode input, List<Integer> partitionKeys, List<SortKey> orderKeys,
    List<WindowCall> calls) implements PlanNode {
  public WindowNode {
    Objects.requireNonNull(input, "input");
    partitionKeys = List.copyOf(partitionKeys);
    orderKeys = List.copyOf(orderKeys);
    calls = List.copyOf(calls);
  }

  /** The same window over another input. */
  public WindowNode withInput(PlanNode newInput) {
    return new WindowNode(newInput, partitionKeys, orderKeys, calls);
  }

  /** The order the rows are evaluated in: the partition keys (ascending, NULLs last), then the order keys. */
  public List<SortKey> sortKeys() {
    List<SortKey> keys = new ArrayList<>();
    for (int key : partitionKeys) {
      keys.add(new SortKey(key, true, false));
    }
    keys.addAll(orderKeys);
    return keys;
  }

  @Override
  public Schema schema() {
    List<Field> fields = new ArrayList<>(input.schema().getFields());
    for (WindowCall call : calls) {
      fields.add(call.field());
    }
    return new Schema(fields);
  }

  @Override
  public List<PlanNode> inputs() {
    return List.of(input);
  }

  @Override
  public String label() {
    return "Window[" + details() + "]";
  }

  /** The label's arguments: partition, order and calls. */
  public String details() {
    List<String> partition = partitionKeys.stream().map(key -> "#" + key).toList();
    return "partition=" + partition + ", order=" + orderKeys + ", calls=" + calls;
  }
}
