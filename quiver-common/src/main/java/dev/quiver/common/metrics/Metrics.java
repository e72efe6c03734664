package dev.quiver.common.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * The metrics of one component (a scan, a block decoder, a shuffle writer or reader, an operator):
 * named counters, timers and gauges, registered once in a fixed order and read together as a
 * {@link MetricsSnapshot}. Names are dotted lower case ({@code rows.scanned}, {@code time.encode});
 * every component reports in this one shape, and the command line prints every snapshot alike.
 *
 * <p>Registration is meant for construction time; updating and snapshotting are thread-safe.
 */
public final class Metrics {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(\\.[a-z0-9]+)*");

  private interface Source {
    Metric read();
  }

  private final List<Source> sources = new ArrayList<>();
  private final List<String> names = new ArrayList<>();

  /** A new counter of events or things, registered under {@code name}. */
  public synchronized Counter counter(String name) {
    return counter(name, Metric.Kind.COUNT);
  }

  /** A new counter of bytes, registered under {@code name}. */
  public synchronized Counter bytes(String name) {
    return counter(name, Metric.Kind.BYTES);
  }

  private Counter counter(String name, Metric.Kind kind) {
    Counter counter = new Counter(name);
    register(name, () -> new Metric(name, kind, counter.get()));
    return counter;
  }

  /** A new timer, registered under {@code name}. */
  public synchronized Timer timer(String name) {
    Timer timer = new Timer(name);
    register(name, () -> new Metric(name, Metric.Kind.NANOS, timer.nanos()));
    return timer;
  }

  /** A value computed when a snapshot is taken (a peak, a sum over parts). */
  public synchronized void gauge(String name, Metric.Kind kind, LongSupplier value) {
    register(name, () -> new Metric(name, kind, value.getAsLong()));
  }

  private void register(String name, Source source) {
    checkName(name);
    if (names.contains(name)) {
      throw new IllegalArgumentException("a metric named " + name + " is registered already");
    }
    names.add(name);
    sources.add(source);
  }

  /** Every metric's current value, in registration order. */
  public synchronized MetricsSnapshot snapshot() {
    List<Metric> values = new ArrayList<>(sources.size());
    for (Source source : sources) {
      values.add(source.read());
    }
    return new MetricsSnapshot(values);
  }

  @Override
  public String toString() {
    return snapshot().toString();
  }

  static String checkName(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("metric names are dotted lower-case words, not " + name);
    }
    return name;
  }
}
