package dev.quiver.format.file;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.format.layout.StructLayout;
import dev.quiver.format.storage.SegmentLocation;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Everything a reader knows about a file after opening it: the schema, row count, segment table,
 * layout tree, statistics per top-level column, and free-form metadata (writer version and such).
 */
public record Footer(
    Schema schema, long rowCount, List<SegmentLocation> segments, StructLayout layout,
    List<ZoneStatistics> columnStatistics, Map<String, String> metadata) {
  public Footer {
    segments = List.copyOf(segments);
    columnStatistics = List.copyOf(columnStatistics);
    metadata = Map.copyOf(metadata);
  }
}
