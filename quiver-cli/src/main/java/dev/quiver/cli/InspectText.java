package dev.quiver.cli;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.ZonedLayout;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** The text report of {@code quiver inspect}: a header line, a column table, then the layout tree. */
final class InspectText {
  /** Longest minimum or maximum shown in the table and tree; JSON shows them whole. */
  static final int VALUE_CHARACTERS = 40;

  private InspectText() {}

  static void print(PrintWriter out, QuiverFile file, LayoutTree.Node tree, boolean zones) {
    Map<String, String> metadata = file.footer().metadata();
    out.println(file.path() + ": " + NumberText.grouped(file.rowCount()) + " rows, "
        + file.schema().getFields().size() + " columns, " + NumberText.bytes(file.fileSize()) + " ("
        + NumberText.grouped(file.fileSize()) + " bytes), " + file.footer().segments().size() + " segments"
        + (metadata.containsKey("writer") ? ", writer " + metadata.get("writer") : ""));
    String sortedBy = metadata.get(dev.quiver.format.FormatConstants.METADATA_SORTED_BY);
    if (sortedBy != null) {
      out.println("sorted by " + sortedBy);
    }
    out.println();
    printColumns(out, file, tree);
    out.println();
    out.println("layout:");
    printNode(out, file, tree, 0, zones);
  }

  private static void printColumns(PrintWriter out, QuiverFile file, LayoutTree.Node tree) {
    TextTable table = new TextTable(
        List.of("column", "type", "rows", "chunks", "segments", "compressed", "uncompressed", "ratio", "nulls", "min",
            "max"),
        false, false, true, true, true, true, true, true, true, false, false);
    for (int column = 0; column < tree.children().size(); column++) {
      LayoutTree.Node node = tree.children().get(column);
      Field field = file.schema().getFields().get(column);
      ZoneStatistics statistics = file.statistics().get(column);
      ArrowType type = field.getType();
      table.addRow(List.of(field.getName(), TypeText.of(field), NumberText.grouped(node.rowCount()),
          NumberText.grouped(node.count("flat")), NumberText.grouped(node.count("flat")),
          NumberText.bytes(node.compressedBytes()), NumberText.bytes(node.uncompressedBytes()),
          NumberText.ratio(node.uncompressedBytes(), node.compressedBytes()),
          NumberText.grouped(statistics.nullCount()),
          StatisticText.shortened(statistics.minimum(), type, VALUE_CHARACTERS),
          StatisticText.shortened(statistics.maximum(), type, VALUE_CHARACTERS)));
    }
    table.addRow(List.of("total", "", NumberText.grouped(file.rowCount()), NumberText.grouped(tree.count("flat")),
        NumberText.grouped(tree.count("flat")), NumberText.bytes(tree.compressedBytes()),
        NumberText.bytes(tree.uncompressedBytes()), NumberText.ratio(tree.uncompressedBytes(), tree.compressedBytes()),
        "", "", ""));
    table.print(out);
    out.println("(ratio: uncompressed / compressed; compressed: the column's segments; uncompressed: its Arrow bytes)");
  }

  private static void printNode(PrintWriter out, QuiverFile file, LayoutTree.Node node, int depth, boolean zones) {
    String indent = "  ".repeat(depth);
    List<String> parts = new ArrayList<>();
    parts.add(node.kind());
    if (node.field() != null && !node.kind().equals("flat") && !node.kind().equals("chunked")
        && !node.kind().equals("dict")) {
      parts.add(node.field().getName());
    }
    if ("values".equals(node.role())) {
      parts.add("values: " + count((int) node.rowCount(), "distinct value"));
    } else {
      if ("codes".equals(node.role())) {
        parts.add("codes:");
      }
      parts.add("rows " + NumberText.grouped(node.rowOffset()) + ".."
          + NumberText.grouped(node.rowOffset() + node.rowCount()));
    }
    if (node.layout() instanceof ZonedLayout) {
      ZonedLayout zoned = (ZonedLayout) node.layout();
      parts.add(count(zoned.zones().zones().size(), "zone") + " of " + NumberText.grouped(zoned.zoneRows()) + " rows");
    }
    if (node.kind().equals("chunked")) {
      parts.add(count(node.children().size(), "chunk"));
    }
    if (node.segment() != null) {
      parts.add("segment " + ((FlatLayout) node.layout()).segment() + " at "
          + NumberText.grouped(node.segment().offset()));
    }
    parts.add(NumberText.bytes(node.compressedBytes()) + " of " + NumberText.bytes(node.uncompressedBytes()));
    if (node.encoding() != null) {
      parts.add(node.encoding());
    }
    out.println(indent + String.join("  ", parts));
    if (zones && node.layout() instanceof ZonedLayout) {
      printZones(out, (ZonedLayout) node.layout(), node.field().getType(), indent + "  ");
    }
    for (LayoutTree.Node child : node.children()) {
      printNode(out, file, child, depth + 1, zones);
    }
  }

  private static String count(int count, String noun) {
    return NumberText.grouped(count) + " " + noun + (count == 1 ? "" : "s");
  }

  private static void printZones(PrintWriter out, ZonedLayout zoned, ArrowType type, String indent) {
    long start = 0;
    List<ZoneStatistics> all = zoned.zones().zones();
    for (int zone = 0; zone < all.size(); zone++) {
      ZoneStatistics statistics = all.get(zone);
      out.println(indent + "zone " + zone + "  rows " + NumberText.grouped(start) + ".."
          + NumberText.grouped(start + statistics.rowCount()) + "  nulls " + NumberText.grouped(statistics.nullCount())
          + "  min " + StatisticText.shortened(statistics.minimum(), type, VALUE_CHARACTERS)
          + "  max " + StatisticText.shortened(statistics.maximum(), type, VALUE_CHARACTERS)
          + (statistics.truncated() ? "  (truncated bounds)" : "")
          + (statistics.containsNaN() ? "  (contains NaN)" : ""));
      start += statistics.rowCount();
    }
  }
}
