package dev.quiver.exec.operator;

import dev.quiver.common.metrics.Counter;
import dev.quiver.common.metrics.Metric;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.common.metrics.Timer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The metrics of one operator of a plan, summed over its threads, in the one metrics shape: rows and
 * batches in and out, nanoseconds inside the operator, peak memory, bytes spilled, plus any
 * component's own snapshot (the scan's decodes). Thread-safe.
 */
public final class OperatorMetrics {
  private final String operator;
  private final String details;
  public final Counter rowsIn = new Counter("rows.in");
  public final Counter rowsOut = new Counter("rows.out");
  public final Counter batchesIn = new Counter("batches.in");
  public final Counter batchesOut = new Counter("batches.out");
  public final Timer time = new Timer("time");
  public final Counter spilledBytes = new Counter("spilled.bytes");
  public final Counter spills = new Counter("spills");
  private final AtomicLong peakMemory = new AtomicLong();
  private final List<Supplier<MetricsSnapshot>> extra = new CopyOnWriteArrayList<>();

  /**
   * @param operator the operator's name ({@code HashAggregate})
   * @param details what EXPLAIN prints after the name ({@code keys=[#0], aggregates=[sum(#3)]})
   */
  public OperatorMetrics(String operator, String details) {
    this.operator = operator;
    this.details = details;
  }

  public String operator() {
    return operator;
  }

  public String details() {
    return details;
  }

  /** Records one input batch of {@code rows} rows. */
  public void input(long rows) {
    batchesIn.increment();
    rowsIn.add(rows);
  }

  /** Records one output batch of {@code rows} rows. */
  public void output(long rows) {
    batchesOut.increment();
    rowsOut.add(rows);
  }

  /** Raises the peak memory to {@code bytes} if it is higher. */
  public void memory(long bytes) {
    peakMemory.accumulateAndGet(bytes, Math::max);
  }

  public long peakMemory() {
    return peakMemory.get();
  }

  /** Adds a component's own metrics (read when a snapshot is taken). */
  public void include(Supplier<MetricsSnapshot> metrics) {
    extra.add(metrics);
  }

  public MetricsSnapshot snapshot() {
    List<Metric> metrics = new ArrayList<>();
    metrics.add(new Metric(rowsIn.name(), Metric.Kind.COUNT, rowsIn.get()));
    metrics.add(new Metric(rowsOut.name(), Metric.Kind.COUNT, rowsOut.get()));
    metrics.add(new Metric(batchesIn.name(), Metric.Kind.COUNT, batchesIn.get()));
    metrics.add(new Metric(batchesOut.name(), Metric.Kind.COUNT, batchesOut.get()));
    metrics.add(new Metric(time.name(), Metric.Kind.NANOS, time.nanos()));
    metrics.add(new Metric("peak.memory", Metric.Kind.BYTES, peakMemory.get()));
    metrics.add(new Metric(spilledBytes.name(), Metric.Kind.BYTES, spilledBytes.get()));
    metrics.add(new Metric(spills.name(), Metric.Kind.COUNT, spills.get()));
    MetricsSnapshot snapshot = new MetricsSnapshot(metrics);
    for (Supplier<MetricsSnapshot> more : extra) {
      snapshot = snapshot.plus(more.get());
    }
    return snapshot;
  }

  @Override
  public String toString() {
    return details.isEmpty() ? operator : operator + " " + details;
  }
}
