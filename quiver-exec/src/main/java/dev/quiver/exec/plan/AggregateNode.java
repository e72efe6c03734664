package dev.quiver.exec.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Groups by input columns and computes aggregates: the output is the group keys (in {@code
 * groupKeys} order, as the input declares them) then one column per call. No keys: one row, even
 * for an empty input.
 *
 * @param groupKeys input ordinals of the grouping columns
 * @param keyRanges empty, or per group key the range its statistics bound it to (every key integer
 *     or date): the aggregate may then find groups by direct indexing instead of hashing
 */
public record AggregateNode(PlanNode input, List<Integer> groupKeys, List<AggregateCall> calls,
    List<KeyRange> keyRanges) implements PlanNode {
  public AggregateNode {
    Objects.requireNonNull(input, "input");
    groupKeys = List.copyOf(groupKeys);
    calls = List.copyOf(calls);
    keyRanges = List.copyOf(keyRanges);
    if (!keyRanges.isEmpty() && keyRanges.size() != groupKeys.size()) {
      throw new IllegalArgumentException(keyRanges.size() + " key ranges for " + groupKeys.size() + " group keys");
    }
  }

  /** An aggregate with no key ranges known. */
  public AggregateNode(PlanNode input, List<Integer> groupKeys, List<AggregateCall> calls) {
    this(input, groupKeys, calls, List.of());
  }

  @Override
  public Schema schema() {
    List<Field> fields = new ArrayList<>();
    List<Field> inputFields = input.schema().getFields();
    for (int key : groupKeys) {
      fields.add(inputFields.get(key));
    }
    for (AggregateCall call : calls) {
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
    List<String> keys = groupKeys.stream().map(key -> "#" + key).toList();
    return "HashAggregate[keys=" + keys + ", aggregates=" + calls
        + (keyRanges.isEmpty() ? "" : ", key ranges=" + keyRanges) + "]";
  }
}
