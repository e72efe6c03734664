package dev.quiver.exec.plan;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Repartitions its input by a hash of {@code keys}: every row with the same key values ends up in
 * the same partition, and each partition is read whole by one thread, so an aggregate above it on
 * (a superset of) these keys finds each group on one thread only (no merge of per-thread tables).
 * It runs as a local exchange of Arrow IPC blocks (quiver-shuffle, the format Spark's shuffle
 * moves), so the same plan shape runs distributed; with one thread it passes rows through.
 *
 * @param keys input ordinals hashed (Spark's murmur3, as Comet's shuffle)
 */
public record ExchangeNode(PlanNode input, List<Integer> keys) implements PlanNode {
  public ExchangeNode {
    Objects.requireNonNull(input, "input");
    keys = List.copyOf(keys);
    if (keys.isEmpty()) {
      throw new IllegalArgumentException("a hash exchange needs at least one key");
    }
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
    return "Exchange[hash=" + keys.stream().map(key -> "#" + key).toList() + "]";
  }
}
