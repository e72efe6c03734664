package dev.quiver.format.layout;

import dev.quiver.format.stats.ZoneMap;

/** A data child plus a zone map: statistics per fixed run of {@code zoneRows} rows. */
public record ZonedLayout(long rowCount, int zoneRows, ZoneMap zones, Layout data) implements Layout {
  @Override
  public String kind() {
    return "zoned";
  }
}
