package dev.quiver.bench.scan.quiver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.stats.ZoneStatistics;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which zones a predicate admits, and the range arithmetic of the splits. */
class ZonePruningRulesTest {
  private static ZoneStatistics zone(Object minimum, Object maximum) {
    return new ZoneStatistics(10, 0, minimum, maximum, false, null, false);
  }

  @Test
  void rangesAdmitOnlyOverlappingZonesWithTheirBoundsRespected() {
    ZoneStatistics discounts = zone(new BigDecimal("0.08"), new BigDecimal("0.10"));
    assertThat(ZonePruning.admits(discounts, new ZonePredicate.Range("d", new BigDecimal("0.05"), true,
        new BigDecimal("0.07"), true))).isFalse();
    assertThat(ZonePruning.admits(discounts, new ZonePredicate.Range("d", null, false, new BigDecimal("0.08"), true))).isTrue();
    assertThat(ZonePruning.admits(discounts, new ZonePredicate.Range("d", null, false, new BigDecimal("0.08"), false))).isFalse();
    assertThat(ZonePruning.admits(discounts, new ZonePredicate.Range("d", new BigDecimal("0.10"), false, null, false))).isFalse();
    ZoneStatistics days = zone(8_000L, 9_000L);
    assertThat(ZonePruning.admits(days, new ZonePredicate.Range("s", 8_766L, true, 9_131L, false))).isTrue();
    assertThat(ZonePruning.admits(days, new ZonePredicate.Range("s", 9_001L, true, 9_131L, false))).isFalse();
  }

  @Test
  void equalityComparesStringsAsUnsignedBytesAndAllNullZonesAdmitNothing() {
    ZoneStatistics dumps = zone("CC-MAIN-2014".getBytes(StandardCharsets.UTF_8), "CC-MAIN-2016".getBytes(StandardCharsets.UTF_8));
    assertThat(ZonePruning.admits(dumps, new ZonePredicate.Equals("dump", "CC-MAIN-2015-06".getBytes(StandardCharsets.UTF_8)))).isTrue();
    assertThat(ZonePruning.admits(dumps, new ZonePredicate.Equals("dump", "CC-MAIN-2019-04".getBytes(StandardCharsets.UTF_8)))).isFalse();
    ZoneStatistics nulls = new ZoneStatistics(10, 10, null, null, false, null, false);
    assertThat(ZonePruning.admits(nulls, new ZonePredicate.Equals("dump", new byte[] {1}))).isFalse();
  }

  @Test
  void intersectionAndSplitsCoverEveryRowOnce() {
    List<ZonePruning.RowRange> left = List.of(new ZonePruning.RowRange(0, 100), new ZonePruning.RowRange(200, 300));
    List<ZonePruning.RowRange> right = List.of(new ZonePruning.RowRange(50, 250));
    assertThat(ZonePruning.intersect(left, right))
        .containsExactly(new ZonePruning.RowRange(50, 100), new ZonePruning.RowRange(200, 250));
    List<List<ZonePruning.RowRange>> parts = ZonePruning.split(List.of(new ZonePruning.RowRange(0, 10),
        new ZonePruning.RowRange(20, 31)), 2);
    assertThat(parts).hasSize(2);
    assertThat(parts.get(0)).containsExactly(new ZonePruning.RowRange(0, 10), new ZonePruning.RowRange(20, 21));
    assertThat(parts.get(1)).containsExactly(new ZonePruning.RowRange(21, 31));
    assertThat(ZonePruning.split(List.of(), 2)).isEmpty();
    assertThat(ZonePruning.splitForThreads(List.of(new ZonePruning.RowRange(0, 100_000)), 2)).hasSize(1);
    assertThat(ZonePruning.splitForThreads(List.of(new ZonePruning.RowRange(0, 200_000)), 2)).hasSize(2);
  }
}
