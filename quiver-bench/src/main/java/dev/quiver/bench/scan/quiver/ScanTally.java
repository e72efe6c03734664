package dev.quiver.bench.scan.quiver;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** Counts what a scan decodes, from all its threads. */
final class ScanTally {
  private final AtomicLong decoded = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();
  private final Set<Long> distinct = ConcurrentHashMap.newKeySet();

  void decoded(int column, int chunk, long segmentBytes) {
    decoded.incrementAndGet();
    bytes.addAndGet(segmentBytes);
    distinct.add(((long) column << 32) | chunk);
  }

  ScanCounters counters(long chunksInColumns, long zonesSkipped) {
    return new ScanCounters(decoded.get(), distinct.size(), chunksInColumns, zonesSkipped, bytes.get());
  }
}
