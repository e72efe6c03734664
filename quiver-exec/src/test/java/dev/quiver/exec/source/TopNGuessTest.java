package dev.quiver.exec.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.stats.ZoneStatistics;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link TopNThresholdSource#guess}: the bound of the fewest zones, in order of their maximum (ascending) or minimum
 * (descending), that hold the keys asked for; zones of NULLs alone left out; none when the zones hold too few keys or
 * a zone's bounds are not whole numbers.
 */
class TopNGuessTest {
  private static ZoneStatistics zone(long rows, long nulls, Object minimum, Object maximum, boolean truncated) {
    return new ZoneStatistics(rows, nulls, minimum, maximum, truncated, null, false);
  }

  @Test
  void theFewestZonesHoldingTheKeysGiveTheBound() {
    List<ZoneStatistics> zones = List.of(zone(100, 0, 50L, 90L, false), zone(100, 60, 0L, 40L, false),
        zone(100, 100, null, null, false), zone(100, 0, 95L, 200L, false));
    // ascending, by maximum: 40 (40 keys), 90 (100 more), 200 (100 more)
    assertThat(TopNThresholdSource.guess(zones, true, 40)).isEqualTo(40L);
    assertThat(TopNThresholdSource.guess(zones, true, 41)).isEqualTo(90L);
    assertThat(TopNThresholdSource.guess(zones, true, 240)).isEqualTo(200L);
    assertThat(TopNThresholdSource.guess(zones, true, 241)).isNull();
    // descending, by minimum: 95 (100 keys), 50 (100 more), 0 (40 more)
    assertThat(TopNThresholdSource.guess(zones, false, 100)).isEqualTo(95L);
    assertThat(TopNThresholdSource.guess(zones, false, 150)).isEqualTo(50L);
    assertThat(TopNThresholdSource.guess(zones, false, 240)).isEqualTo(0L);
  }

  @Test
  void boundsThatAreNotWholeNumbersGiveNone() {
    assertThat(TopNThresholdSource.guess(List.of(zone(10, 0, 1L, 5L, false), zone(10, 0, 2L, 9L, true)), true, 5))
        .isNull();
    assertThat(TopNThresholdSource.guess(List.of(zone(10, 0, 1.5, 5.5, false)), true, 5)).isNull();
    assertThat(TopNThresholdSource.guess(List.of(zone(10, 0, 1, 7, false)), true, 5)).isEqualTo(7L);
  }
}
