package dev.quiver.common.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class DistinctBoundsTest {
  private static ZoneStatistics zone(long rows, long nulls, Object low, Object high) {
    return new ZoneStatistics(rows, nulls, low, high, false, null, false);
  }

  @Test
  void zoneBoundIsTheSmallerOfNonNullRowsAndRange() {
    assertThat(DistinctBounds.ofZone(zone(1000, 0, 1L, 250L))).isEqualTo(250);
    assertThat(DistinctBounds.ofZone(zone(1000, 100, 1L, 5000L))).isEqualTo(900);
    assertThat(DistinctBounds.ofZone(zone(10, 10, null, null))).isZero();
    assertThat(DistinctBounds.ofZone(zone(10, 0, 7, 7))).isEqualTo(1);
  }

  @Test
  void valuesThatAreNotWholeNumbersOrTruncatedBoundOnlyByRows() {
    assertThat(DistinctBounds.ofZone(zone(1000, 0, 1.0, 2.0))).isEqualTo(1000);
    assertThat(DistinctBounds.ofZone(zone(1000, 0, new BigDecimal("1.00"), new BigDecimal("1.05")))).isEqualTo(1000);
    assertThat(DistinctBounds.ofZone(new ZoneStatistics(1000, 0, 1L, 2L, true, null, false))).isEqualTo(1000);
  }

  @Test
  void clusteredZonesSumTheirRanges() {
    DistinctBounds bounds = new DistinctBounds().add(zone(4000, 0, 1L, 1000L)).add(zone(4000, 0, 1001L, 2000L));
    assertThat(bounds.bound()).isEqualTo(2000);
  }

  @Test
  void scatteredZonesAreBoundedByTheWholeRange() {
    DistinctBounds bounds = new DistinctBounds();
    for (int i = 0; i < 10; i++) {
      bounds.add(zone(4000, 0, 1L, 2500L));
    }
    assertThat(bounds.bound()).isEqualTo(2500);
  }

  @Test
  void unknownRowsOrNonWholeZonesDropTheWholeRange() {
    assertThat(new DistinctBounds().add(zone(4000, 0, 1L, 10L)).addUnknown(500).bound()).isEqualTo(510);
    assertThat(new DistinctBounds().add(zone(4000, 0, 1L, 10L)).add(zone(100, 0, 1.5, 2.5)).bound()).isEqualTo(110);
    assertThat(new DistinctBounds().add(zone(5, 0, Long.MIN_VALUE, Long.MAX_VALUE)).bound()).isEqualTo(5);
    assertThat(new DistinctBounds().bound()).isZero();
  }
}
