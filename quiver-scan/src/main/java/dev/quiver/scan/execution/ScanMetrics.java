package dev.quiver.scan.execution;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The counters of one scan, live while it runs. Names (stable; the CLI prints them as
 * {@code metric NAME VALUE}): {@code splits}, {@code rows.scanned}, {@code rows.returned},
 * {@code zones.pruned}, {@code files.skipped}, {@code segments.requested}, {@code reads},
 * {@code bytes.read}, {@code decodes.started}, {@code decodes.reused}, {@code bytes.decoded},
 * {@code bytes.held.peak}, {@code batches}.
 */
public final class ScanMetrics {
  final LongAdder splits = new LongAdder();
  final LongAdder rowsScanned = new LongAdder();
  final LongAdder rowsReturned = new LongAdder();
  final LongAdder batches = new LongAdder();

  final LongAdder decodesStarted = new LongAdder();
  final LongAdder decodesReused = new LongAdder();
  final LongAdder bytesDecoded = new LongAdder();
  private long zonesPruned;
  private long filesSkipped;
  private LongSupplier segmentsRequested = () -> 0;
  private LongSupplier reads = () -> 0;
  private LongSupplier bytesRead = () -> 0;
  private LongSupplier bytesHeldPeak = () -> 0;

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

  public long get(String name) {
    Long value = asMap().get(name);
    if (value == null) {
      throw new IllegalArgumentException("no scan metric named " + name);
    }
    return value;
  }

  /** Every metric, in a stable order. */
  public Map<String, Long> asMap() {
    Map<String, Long> map = new LinkedHashMap<>();
    map.put("splits", splits.sum());
    map.put("rows.scanned", rowsScanned.sum());
    map.put("rows.returned", rowsReturned.sum());
    map.put("zones.pruned", zonesPruned);
    map.put("files.skipped", filesSkipped);
    map.put("segments.requested", segmentsRequested.getAsLong());
    map.put("reads", reads.getAsLong());
    map.put("bytes.read", bytesRead.getAsLong());
    map.put("decodes.started", decodesStarted.sum());
    map.put("decodes.reused", decodesReused.sum());
    map.put("bytes.decoded", bytesDecoded.sum());
    map.put("bytes.held.peak", bytesHeldPeak.getAsLong());
    map.put("batches", batches.sum());
    return map;
  }

  @Override
  public String toString() {
    return asMap().toString();
  }
}
