package dev.quiver.common.metrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The values of a component's {@link Metrics} at one moment, in a stable order. Immutable. */
public final class MetricsSnapshot {
  private final List<Metric> metrics;
  private final Map<String, Metric> byName = new LinkedHashMap<>();

  public MetricsSnapshot(List<Metric> metrics) {
    this.metrics = List.copyOf(metrics);
    for (Metric metric : this.metrics) {
      if (byName.put(metric.name(), metric) != null) {
        throw new IllegalArgumentException("two metrics are named " + metric.name());
      }
    }
  }

  /** Every metric, in order. */
  public List<Metric> metrics() {
    return metrics;
  }

  /** The value of the metric named {@code name}. */
  public long get(String name) {
    Metric metric = byName.get(name);
    if (metric == null) {
      throw new IllegalArgumentException("no metric named " + name + "; there are " + byName.keySet());
    }
    return metric.value();
  }

  /** Whether a metric named {@code name} is here. */
  public boolean has(String name) {
    return byName.containsKey(name);
  }

  /** Names to values, in order. */
  public Map<String, Long> asMap() {
    Map<String, Long> map = new LinkedHashMap<>();
    for (Metric metric : metrics) {
      map.put(metric.name(), metric.value());
    }
    return Collections.unmodifiableMap(map);
  }

  /** This snapshot with every name prefixed by {@code prefix + "."} (to print several components together). */
  public MetricsSnapshot prefixed(String prefix) {
    List<Metric> renamed = new ArrayList<>(metrics.size());
    for (Metric metric : metrics) {
      renamed.add(new Metric(prefix + "." + metric.name(), metric.kind(), metric.value()));
    }
    return new MetricsSnapshot(renamed);
  }

  /** The metrics of both snapshots: values of equal names added, the rest kept in order. */
  public MetricsSnapshot plus(MetricsSnapshot other) {
    Map<String, Metric> merged = new LinkedHashMap<>(byName);
    for (Metric metric : other.metrics) {
      merged.merge(metric.name(), metric,
          (left, right) -> new Metric(left.name(), left.kind(), left.value() + right.value()));
    }
    return new MetricsSnapshot(new ArrayList<>(merged.values()));
  }

  /** One line per metric, {@code metric NAME VALUE}: what {@code --metrics} prints. */
  public List<String> lines() {
    List<String> lines = new ArrayList<>(metrics.size());
    for (Metric metric : metrics) {
      lines.add("metric " + metric.name() + " " + metric.value());
    }
    return lines;
  }

  @Override
  public String toString() {
    return asMap().toString();
  }
}
