package dev.quiver.scan.execution;

import dev.quiver.common.metrics.Counter;
import dev.quiver.common.metrics.Metric;
import dev.quiver.common.metrics.Metrics;
import dev.quiver.common.metrics.MetricsSnapshot;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The counters of one scan, live while it runs, in the project's one metrics shape
 * ({@link Metrics}). Names (stable; the CLI prints them as {@code metric NAME VALUE}): {@code splits},
 * {@code rows.scanned}, {@code rows.returned}, {@code zones.pruned}, {@code files.skipped},
 * {@code segments.requested}, {@code reads}, {@code bytes.read}, {@code decodes.started},
 * {@code decodes.reused}, {@code bytes.decoded}, {@code bytes.held.peak}, {@code batches}, {@code segments.matched.compressed},
 * {@code segments.filtered.encoded}, {@code segments.summed.encoded} (segments an aggregate summed on
 * their encoding, {@link ScanTasks#summarize}), {@code segments.taken} (segments whose selected rows were taken from the
 * encoded bytes, see {@link LateMaterializer}).
 */
public final class ScanMetrics {
  private final Metrics metrics = new Metrics();
  final Counter splits = metrics.counter("splits");
  final Counter rowsScanned = metrics.counter("rows.scanned");
  final Counter rowsReturned = metrics.counter("rows.returned");
  private volatile long zonesPruned;
  private volatile long filesSkipped;
  private volatile LongSupplier segmentsRequested = () -> 0;
  private volatile LongSupplier reads = () -> 0;
  private volatile LongSupplier bytesRead = () -> 0;
  private volatile LongSupplier bytesHeldPeak = () -> 0;
  final Counter decodesStarted;
  final Counter decodesReused;
  final Counter bytesDecoded;
  final Counter batches;
  final Counter compressedMatches;
  final Counter encodedFiltered;
  final Counter segmentsTaken;
  final Counter encodedSummed;

  ScanMetrics() {
    metrics.gauge("zones.pruned", Metric.Kind.COUNT, () -> zonesPruned);
    metrics.gauge("files.skipped", Metric.Kind.COUNT, () -> filesSkipped);
    metrics.gauge("segments.requested", Metric.Kind.COUNT, () -> segmentsRequested.getAsLong());
    metrics.gauge("reads", Metric.Kind.COUNT, () -> reads.getAsLong());
    metrics.gauge("bytes.read", Metric.Kind.BYTES, () -> bytesRead.getAsLong());
    decodesStarted = metrics.counter("decodes.started");
    decodesReused = metrics.counter("decodes.reused");
    bytesDecoded = metrics.bytes("bytes.decoded");
    metrics.gauge("bytes.held.peak", Metric.Kind.BYTES, () -> bytesHeldPeak.getAsLong());
    batches = metrics.counter("batches");
    compressedMatches = metrics.counter("segments.matched.compressed");
    encodedFiltered = metrics.counter("segments.filtered.encoded");
    segmentsTaken = metrics.counter("segments.taken");
    encodedSummed = metrics.counter("segments.summed.encoded");
  }

  void planned(long zones, long files) {
    this.zonesPruned = zones;
    this.filesSkipped = files;
  }

  void sources(LongSupplier segments, LongSupplier readCount, LongSupplier bytes, LongSupplier peak) {
    this.segmentsRequested = segments;
    this.reads = readCount;
    this.bytesRead = bytes;
    this.bytesHeldPeak = peak;
  }

  /** The value of one metric. */
  public long get(String name) {
    return snapshot().get(name);
  }

  /** Every metric now, in a stable order. */
  public MetricsSnapshot snapshot() {
    return metrics.snapshot();
  }

  /** Every metric, in a stable order. */
  public Map<String, Long> asMap() {
    return snapshot().asMap();
  }

  @Override
  public String toString() {
    return snapshot().toString();
  }
}
