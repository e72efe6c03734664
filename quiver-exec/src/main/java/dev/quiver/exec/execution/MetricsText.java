package dev.quiver.exec.execution;

import dev.quiver.common.metrics.Metric;
import dev.quiver.exec.operator.OperatorMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The metrics of a plan node's operators as one line of EXPLAIN ANALYZE. */
final class MetricsText {
  private MetricsText() {}

  static String describe(List<OperatorMetrics> operators) {
    if (operators == null || operators.isEmpty()) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    // a breaker's sink and its output report into one metrics object: print it once
    java.util.Set<OperatorMetrics> printed = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (OperatorMetrics operator : operators) {
      if (!printed.add(operator)) {
        continue;
      }
      List<String> items = new ArrayList<>();
      for (Metric metric : operator.snapshot().metrics()) {
        if (metric.value() == 0 && !metric.name().equals("rows.out")) {
          continue;
        }
        items.add(metric.name() + "=" + format(metric));
      }
      parts.add(operator.operator() + "{" + String.join(", ", items) + "}");
    }
    return String.join(" ", parts);
  }

  private static String format(Metric metric) {
    switch (metric.kind()) {
      case NANOS:
        return String.format(Locale.ROOT, "%.1fms", metric.value() / 1e6);
      case BYTES:
        return bytes(metric.value());
      default:
        return Long.toString(metric.value());
    }
  }

  static String bytes(long value) {
    if (value < 1024) {
      return value + "B";
    }
    if (value < 1024 * 1024) {
      return String.format(Locale.ROOT, "%.1fKiB", value / 1024.0);
    }
    if (value < 1024L * 1024 * 1024) {
      return String.format(Locale.ROOT, "%.1fMiB", value / (1024.0 * 1024));
    }
    return String.format(Locale.ROOT, "%.2fGiB", value / (1024.0 * 1024 * 1024));
  }
}
