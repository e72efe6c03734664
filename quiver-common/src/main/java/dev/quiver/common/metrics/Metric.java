package dev.quiver.common.metrics;

import java.util.Objects;

/**
 * One value of a {@link MetricsSnapshot}.
 *
 * @param name dotted lower-case name, stable across releases (tests and scripts read it)
 * @param kind what the value counts
 * @param value the value: a count, bytes, or nanoseconds
 */
public record Metric(String name, Kind kind, long value) {
  /** What a metric's value counts. */
  public enum Kind {
    /** Events or things (rows, blocks, splits). */
    COUNT,
    /** Bytes. */
    BYTES,
    /** Elapsed nanoseconds (a {@link Timer}). */
    NANOS
  }

  public Metric {
    Metrics.checkName(name);
    Objects.requireNonNull(kind, "kind");
  }
}
