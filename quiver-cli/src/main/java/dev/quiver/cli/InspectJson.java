package dev.quiver.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.ZonedLayout;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The JSON report of {@code quiver inspect --format json}: one object with the file's figures, its
 * columns and the layout tree. Every node has {@code kind}, {@code rowOffset}, {@code rowCount},
 * {@code compressedBytes}, {@code uncompressedBytes} and {@code children}; nodes below the root have
 * {@code column}; zoned nodes {@code zoneRows}, {@code zoneCount} (and {@code zones} with
 * {@code --zones}); flat nodes {@code segment}, {@code segmentOffset} and {@code encoding}.
 * Statistic values are JSON numbers for integer and float columns, text (as in the CSV dialect)
 * otherwise.
 */
final class InspectJson {
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private InspectJson() {}

  static String document(QuiverFile file, LayoutTree.Node tree, boolean zones) throws JsonProcessingException {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("file", file.path().toString());
    root.put("fileBytes", file.fileSize());
    root.put("rowCount", file.rowCount());
    root.put("segmentCount", file.footer().segments().size());
    ObjectNode metadata = root.putObject("metadata");
    for (Map.Entry<String, String> entry : new TreeMap<>(file.footer().metadata()).entrySet()) {
      metadata.put(entry.getKey(), entry.getValue());
    }
    ArrayNode columns = root.putArray("columns");
    List<Field> fields = file.schema().getFields();
    for (int column = 0; column < fields.size(); column++) {
      Field field = fields.get(column);
      LayoutTree.Node node = tree.children().get(column);
      ObjectNode entry = columns.addObject();
      entry.put("name", field.getName());
      entry.put("type", TypeText.of(field.getType()));
      entry.put("nullable", field.isNullable());
      entry.put("rowCount", node.rowCount());
      entry.put("chunks", node.count("flat"));
      entry.put("compressedBytes", node.compressedBytes());
      entry.put("uncompressedBytes", node.uncompressedBytes());
      statistics(entry.putObject("statistics"), file.statistics().get(column), field.getType());
    }
    root.set("layout", node(tree, zones));
    return MAPPER.writeValueAsString(root);
  }

  private static ObjectNode node(LayoutTree.Node node, boolean zones) {
    ObjectNode json = MAPPER.createObjectNode();
    json.put("kind", node.kind());
    if (node.field() != null) {
      json.put("column", node.field().getName());
    }
    if (node.role() != null) {
      json.put("role", node.role());
    }
    json.put("rowOffset", node.rowOffset());
    json.put("rowCount", node.rowCount());
    json.put("compressedBytes", node.compressedBytes());
    json.put("uncompressedBytes", node.uncompressedBytes());
    if (node.layout() instanceof ZonedLayout) {
      ZonedLayout zoned = (ZonedLayout) node.layout();
      json.put("zoneRows", zoned.zoneRows());
      json.put("zoneCount", zoned.zones().zones().size());
      if (zones) {
        ArrayNode list = json.putArray("zones");
        long start = node.rowOffset();
        for (ZoneStatistics zone : zoned.zones().zones()) {
          ObjectNode entry = list.addObject();
          entry.put("rowOffset", start);
          statistics(entry, zone, node.field().getType());
          start += zone.rowCount();
        }
      }
    }
    if (node.segment() != null) {
      json.put("segment", ((FlatLayout) node.layout()).segment());
      json.put("segmentOffset", node.segment().offset());
      json.put("encoding", node.encoding());
    }
    ArrayNode children = json.putArray("children");
    for (LayoutTree.Node child : node.children()) {
      children.add(node(child, zones));
    }
    return json;
  }

  private static void statistics(ObjectNode json, ZoneStatistics statistics, ArrowType type) {
    json.put("rowCount", statistics.rowCount());
    json.put("nullCount", statistics.nullCount());
    value(json, "min", statistics.minimum(), type);
    value(json, "max", statistics.maximum(), type);
    if (statistics.sum() != null) {
      Object sum = statistics.sum();
      if (sum instanceof Long) {
        json.put("sum", (Long) sum);
      } else if (sum instanceof Double) {
        json.put("sum", (Double) sum);
      } else if (sum instanceof BigDecimal) {
        json.put("sum", (BigDecimal) sum);
      }
    }
    json.put("truncated", statistics.truncated());
    json.put("containsNaN", statistics.containsNaN());
  }

  private static void value(ObjectNode json, String name, Object value, ArrowType type) {
    if (value == null) {
      json.putNull(name);
    } else if (value instanceof Long && type instanceof ArrowType.Int) {
      json.put(name, (Long) value);
    } else if (value instanceof Double && Double.isFinite((Double) value)) {
      json.put(name, (Double) value);
    } else {
      json.put(name, StatisticText.of(value, type));
    }
  }
}
