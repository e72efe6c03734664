package dev.quiver.common.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class MetricsTest {
  @Test
  void snapshotsKeepRegistrationOrderAndCurrentValues() {
    Metrics metrics = new Metrics();
    Counter rows = metrics.counter("rows.read");
    Counter bytes = metrics.bytes("bytes.read");
    Timer decode = metrics.timer("time.decode");
    AtomicLong peak = new AtomicLong(7);
    metrics.gauge("bytes.held.peak", Metric.Kind.BYTES, peak::get);
    rows.add(3);
    rows.increment();
    bytes.add(100);
    decode.add(5_000);
    peak.set(9);
    MetricsSnapshot snapshot = metrics.snapshot();
    assertThat(snapshot.asMap()).containsExactly(java.util.Map.entry("rows.read", 4L),
        java.util.Map.entry("bytes.read", 100L), java.util.Map.entry("time.decode", 5_000L),
        java.util.Map.entry("bytes.held.peak", 9L));
    assertThat(snapshot.metrics().get(2).kind()).isEqualTo(Metric.Kind.NANOS);
    assertThat(snapshot.lines()).containsExactly("metric rows.read 4", "metric bytes.read 100",
        "metric time.decode 5000", "metric bytes.held.peak 9");
    assertThat(snapshot.get("rows.read")).isEqualTo(4);
    assertThatThrownBy(() -> snapshot.get("rows.written")).hasMessageContaining("rows.written");
  }

  @Test
  void namesAreDottedLowerCaseAndUnique() {
    Metrics metrics = new Metrics();
    metrics.counter("blocks");
    assertThatThrownBy(() -> metrics.counter("blocks")).hasMessageContaining("registered already");
    assertThatThrownBy(() -> metrics.counter("blocksDecoded")).hasMessageContaining("blocksDecoded");
    assertThatThrownBy(() -> metrics.counter("rows..read")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void snapshotsAddUpAndTakePrefixes() {
    MetricsSnapshot left = new MetricsSnapshot(List.of(new Metric("rows", Metric.Kind.COUNT, 2),
        new Metric("bytes", Metric.Kind.BYTES, 10)));
    MetricsSnapshot right = new MetricsSnapshot(List.of(new Metric("bytes", Metric.Kind.BYTES, 5),
        new Metric("spills", Metric.Kind.COUNT, 1)));
    assertThat(left.plus(right).asMap()).containsExactly(java.util.Map.entry("rows", 2L),
        java.util.Map.entry("bytes", 15L), java.util.Map.entry("spills", 1L));
    assertThat(left.prefixed("scan").asMap().keySet()).containsExactly("scan.rows", "scan.bytes");
  }
}
