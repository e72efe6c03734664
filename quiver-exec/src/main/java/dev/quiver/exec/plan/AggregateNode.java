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
 */
public record AggregateNode(PlanNode input, List<Integer> groupKeys, List<AggregateCall> calls) implements PlanNode {
  public AggregateNode {
    Objects.requireNonNull(input, "input");
    groupKeys = List.copyOf(groupKeys);
    calls = List.copyOf(calls);
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
    return "HashAggregate[keys=" + keys + ", aggregates=" + calls + "]";
  }
}
