package dev.quiver.format.stats;

import dev.quiver.common.stats.ZoneStatistics;

import java.util.List;

/** The statistics of every zone of a column, in row order; zone i covers rows {@code [i*z, (i+1)*z)}. */
public record ZoneMap(StatisticKind kind, List<ZoneStatistics> zones) {
  public ZoneMap {
    zones = List.copyOf(zones);
  }
}
