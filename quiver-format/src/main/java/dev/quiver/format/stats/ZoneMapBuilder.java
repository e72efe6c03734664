package dev.quiver.format.stats;

import dev.quiver.common.stats.ZoneStatistics;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/** Builds a column's zone map as rows stream through the writer, zone by zone. */
public final class ZoneMapBuilder {
  private final StatisticKind kind;
  private final int zoneRows;
  private final List<ZoneStatistics> zones = new ArrayList<>();
  private StatisticsAccumulator current;

  public ZoneMapBuilder(StatisticKind kind, int zoneRows) {
    this.kind = kind;
    this.zoneRows = zoneRows;
    this.current = new StatisticsAccumulator(kind);
  }

  /** Adds rows {@code [start, start+count)} of {@code vector}, closing zones as they fill. */
  public void add(FieldVector vector, int start, int count) {
    int position = start;
    int left = count;
    while (left > 0) {
      int take = (int) Math.min(left, zoneRows - current.rows());
      current.add(vector, position, take);
      position += take;
      left -= take;
      if (current.rows() == zoneRows) {
        zones.add(current.result());
        current = new StatisticsAccumulator(kind);
      }
    }
  }

  /** The zone map of every row added; the last zone may be partial. */
  public ZoneMap finish() {
    if (current.rows() > 0) {
      zones.add(current.result());
      current = new StatisticsAccumulator(kind);
    }
    return new ZoneMap(kind, zones);
  }
}
