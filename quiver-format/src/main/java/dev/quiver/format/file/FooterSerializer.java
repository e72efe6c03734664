package dev.quiver.format.file;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.QuiverException;
import dev.quiver.common.arrow.SchemaShape;
import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.format.FormatConstants;
import dev.quiver.format.io.BinaryReader;
import dev.quiver.format.io.BinaryWriter;
import dev.quiver.format.layout.ChunkedLayout;
import dev.quiver.format.layout.DictLayout;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.Layout;
import dev.quiver.format.layout.StructLayout;
import dev.quiver.format.layout.ZonedLayout;
import dev.quiver.format.stats.StatisticKind;
import dev.quiver.format.stats.StatisticsSerializer;
import dev.quiver.format.stats.ZoneMap;
import dev.quiver.format.storage.SegmentLocation;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The footer's bytes (spec: {@code docs/FORMAT.md}):
 * <pre>
 * bytes   schema (an Arrow IPC schema message flatbuffer)
 * varint  row count
 * varint  segment count, then per segment: varint offset, varint length, u32 CRC-32C
 * node    layout tree (below)
 * stats   one per top-level column (StatisticsSerializer)
 * varint  metadata count, then per entry: string key, string value
 *
 * node := u8 kind, varint rows, then by kind:
 *   struct  varint children, children (one per top-level field)
 *   zoned   varint zone rows, varint zones, zone statistics, data node
 *   chunked varint chunks, chunks
 *   flat    varint segment index, varint uncompressed bytes
 * </pre>
 * Reading checks every count against the bytes left, every row count against its parent, every
 * segment against the file, and the tree's depth, before anything is trusted.
 */
public final class FooterSerializer {
  private FooterSerializer() {}

  private static final int MAXIMUM_DEPTH = 16;

  public static byte[] write(Footer footer) {
    BinaryWriter out = new BinaryWriter();
    out.bytes(footer.schema().serializeAsMessage());
    out.varint(footer.rowCount());
    out.varint(footer.segments().size());
    for (SegmentLocation segment : footer.segments()) {
      out.varint(segment.offset()).varint(segment.length()).u32(segment.checksum());
    }
    List<Field> fields = footer.schema().getFields();
    writeNode(out, footer.layout(), null, fields);
    for (int i = 0; i < fields.size(); i++) {
      Field field = fields.get(i);
      StatisticsSerializer.write(out, StatisticKind.of(field.getType()), scale(field),
          footer.columnStatistics().get(i));
    }
    out.varint(footer.metadata().size());
    for (Map.Entry<String, String> entry : footer.metadata().entrySet()) {
      out.string(entry.getKey()).string(entry.getValue());
    }
    return out.toByteArray();
  }

  private static void writeNode(BinaryWriter out, Layout node, Field field, List<Field> fields) {
    if (node instanceof StructLayout) {
      StructLayout struct = (StructLayout) node;
      out.u8(FormatConstants.LAYOUT_STRUCT).varint(struct.rowCount()).varint(struct.children().size());
      for (int i = 0; i < struct.children().size(); i++) {
        writeNode(out, struct.children().get(i), fields.get(i), fields);
      }
    } else if (node instanceof ZonedLayout) {
      ZonedLayout zoned = (ZonedLayout) node;
      out.u8(FormatConstants.LAYOUT_ZONED).varint(zoned.rowCount()).varint(zoned.zoneRows());
      out.varint(zoned.zones().zones().size());
      for (ZoneStatistics zone : zoned.zones().zones()) {
        StatisticsSerializer.write(out, zoned.zones().kind(), scale(field), zone);
      }
      writeNode(out, zoned.data(), field, fields);
    } else if (node instanceof ChunkedLayout) {
      ChunkedLayout chunked = (ChunkedLayout) node;
      out.u8(FormatConstants.LAYOUT_CHUNKED).varint(chunked.rowCount()).varint(chunked.chunks().size());
      for (Layout chunk : chunked.chunks()) {
        writeNode(out, chunk, field, fields);
      }
    } else if (node instanceof DictLayout) {
      DictLayout dict = (DictLayout) node;
      out.u8(FormatConstants.LAYOUT_DICT).varint(dict.rowCount());
      writeNode(out, dict.values(), field, fields);
      writeNode(out, dict.codes(), field, fields);
    } else {
      FlatLayout flat = (FlatLayout) node;
      out.u8(FormatConstants.LAYOUT_FLAT).varint(flat.rowCount()).varint(flat.segment())
          .varint(flat.uncompressedBytes());
    }
  }

  static int scale(Field field) {
    return field.getType() instanceof ArrowType.Decimal ? ((ArrowType.Decimal) field.getType()).getScale() : 0;
  }

  /** Parses a footer whose checksum was already verified; {@code fileDataEnd} is the footer offset. */
  public static Footer read(byte[] bytes, long fileDataEnd, String file) throws CorruptFileException {
    BinaryReader in = new BinaryReader(bytes, 0, bytes.length, file, "footer");
    Schema schema = parseSchema(in.bytes("schema"), file);
    List<Field> fields = schema.getFields();
    for (Field field : fields) {
      try {
        SupportedTypes.require(field);
      } catch (QuiverException unsupported) {
        throw in.corrupt("the schema's " + unsupported.getMessage());
      }
    }
    long rowCount = in.varint("row count", 0, Long.MAX_VALUE / 2);
    int segmentCount = in.count("segment count", 6);
    List<SegmentLocation> segments = new ArrayList<>(segmentCount);
    long previousEnd = FormatConstants.MAGIC.length;
    for (int i = 0; i < segmentCount; i++) {
      long offset = in.varint("segment " + i + " offset", previousEnd, fileDataEnd);
      long length = in.varint("segment " + i + " length", 0, fileDataEnd - offset);
      if (offset % FormatConstants.SEGMENT_ALIGNMENT != 0) {
        throw in.corrupt("segment " + i + " at " + offset + " is not aligned to " + FormatConstants.SEGMENT_ALIGNMENT);
      }
      segments.add(new SegmentLocation(offset, length, in.u32("segment " + i + " checksum")));
      previousEnd = offset + length;
    }
    boolean[] used = new boolean[segmentCount];
    Layout root = readNode(in, fields, null, rowCount, segmentCount, used, 0);
    if (!(root instanceof StructLayout) || ((StructLayout) root).children().size() != fields.size()) {
      throw in.corrupt("the layout root must be a struct with one child per column (" + fields.size() + ")");
    }
    List<ZoneStatistics> statistics = new ArrayList<>(fields.size());
    for (Field field : fields) {
      statistics.add(StatisticsSerializer.read(in, StatisticKind.of(field.getType()), scale(field), rowCount));
      if (statistics.get(statistics.size() - 1).rowCount() != rowCount) {
        throw in.corrupt("statistics of column " + field.getName() + " cover a different number of rows");
      }
    }
    int entries = in.count("metadata count", 2);
    Map<String, String> metadata = new LinkedHashMap<>();
    for (int i = 0; i < entries; i++) {
      metadata.put(in.string("metadata key"), in.string("metadata value"));
    }
    in.requireEnd();
    return new Footer(schema, rowCount, segments, (StructLayout) root, statistics, metadata);
  }

  private static Schema parseSchema(byte[] message, String file) throws CorruptFileException {
    try {
      // Arrow frames the message as an IPC message: continuation marker, int32 length, flatbuffer
      ByteBuffer framed = ByteBuffer.wrap(message).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      if (message.length < 8 || framed.getInt(0) != -1) {
        throw new CorruptFileException(file, "footer: the schema lacks its IPC message framing", null);
      }
      int length = framed.getInt(4);
      if (length <= 0 || length > message.length - 8) {
        throw new CorruptFileException(file, "footer: the schema message length " + length + " exceeds its "
            + (message.length - 8) + " bytes", null);
      }
      Message parsed = Message.getRootAsMessage(ByteBuffer.wrap(message, 8, length).slice());
      if (parsed.headerType() != MessageHeader.Schema) {
        throw new CorruptFileException(file, "footer: the schema is not an Arrow schema message", null);
      }
      org.apache.arrow.flatbuf.Schema flat = (org.apache.arrow.flatbuf.Schema) parsed
          .header(new org.apache.arrow.flatbuf.Schema());
      SchemaShape.check(flat, "footer schema");
      return Schema.convertSchema(flat);
    } catch (CorruptFileException typed) {
      throw typed;
    } catch (RuntimeException malformed) {
      throw new CorruptFileException(file, "footer: the schema is malformed: " + QuiverException.describe(malformed),
          malformed);
    }
  }

  private static Layout readNode(
      BinaryReader in, List<Field> fields, Field field, long expectedRows, int segmentCount, boolean[] used, int depth)
      throws CorruptFileException {
    if (depth > MAXIMUM_DEPTH) {
      throw in.corrupt("the layout tree is deeper than " + MAXIMUM_DEPTH);
    }
    int kind = in.u8("layout kind");
    long rows = in.varint("layout row count", 0, Long.MAX_VALUE / 2);
    if (rows != expectedRows) {
      throw in
          .corrupt("a " + kindName(kind) + " layout covers " + rows + " rows where its parent needs " + expectedRows);
    }
    switch (kind) {
      case FormatConstants.LAYOUT_STRUCT: {
        if (field != null || depth != 0) {
          throw in.corrupt("a struct layout below the root");
        }
        int count = in.count("struct children", 3);
        if (count != fields.size()) {
          throw in.corrupt("the struct layout has " + count + " children for " + fields.size() + " columns");
        }
        List<Layout> children = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
          children.add(readNode(in, fields, fields.get(i), rows, segmentCount, used, depth + 1));
        }
        return new StructLayout(rows, children);
      }
      case FormatConstants.LAYOUT_ZONED: {
        requireColumn(in, field, "zoned");
        int zoneRows = (int) in.varint("zone rows", 1, Integer.MAX_VALUE);
        long expectedZones = (rows + zoneRows - 1) / zoneRows;
        int zoneCount = in.count("zone count", 3);
        if (zoneCount != expectedZones) {
          throw in.corrupt("the zone map has " + zoneCount + " zones; " + rows + " rows in zones of " + zoneRows
              + " need " + expectedZones);
        }
        StatisticKind statisticKind = StatisticKind.of(field.getType());
        List<ZoneStatistics> zones = new ArrayList<>(zoneCount);
        for (int z = 0; z < zoneCount; z++) {
          long zoneRowCount = Math.min(zoneRows, rows - (long) z * zoneRows);
          ZoneStatistics zone = StatisticsSerializer.read(in, statisticKind, scale(field), zoneRowCount);
          if (zone.rowCount() != zoneRowCount) {
            throw in.corrupt("zone " + z + " covers " + zone.rowCount() + " rows instead of " + zoneRowCount);
          }
          zones.add(zone);
        }
        Layout data = readNode(in, fields, field, rows, segmentCount, used, depth + 1);
        return new ZonedLayout(rows, zoneRows, new ZoneMap(statisticKind, zones), data);
      }
      case FormatConstants.LAYOUT_CHUNKED: {
        requireColumn(in, field, "chunked");
        int count = in.count("chunk count", 3);
        List<Layout> chunks = new ArrayList<>(count);
        long covered = 0;
        for (int i = 0; i < count; i++) {
          Layout chunk = readChunk(in, rows - covered, segmentCount, used, dictionaryAllowed(field));
          covered += chunk.rowCount();
          chunks.add(chunk);
        }
        if (covered != rows) {
          throw in.corrupt("chunks cover " + covered + " rows of " + rows);
        }
        return new ChunkedLayout(rows, chunks);
      }
      case FormatConstants.LAYOUT_FLAT: {
        requireColumn(in, field, "flat");
        return readFlatBody(in, rows, segmentCount, used);
      }
      default:
        throw in.corrupt("unknown layout kind " + kind);
    }
  }

  /** A chunk (flat, or a dictionary run) may cover any number of rows up to what is left of its parent. */
  private static Layout readChunk(BinaryReader in, long rowsLeft, int segmentCount, boolean[] used,
      boolean dictionaryAllowed)
      throws CorruptFileException {
    int kind = in.u8("layout kind");
    long rows = in.varint("chunk row count", 1, rowsLeft);
    if (kind == FormatConstants.LAYOUT_DICT && dictionaryAllowed) {
      if (in.u8("layout kind") != FormatConstants.LAYOUT_FLAT) {
        throw in.corrupt("the values of a dict layout must be a flat layout");
      }
      long valueCount = in.varint("dictionary value count", 0, Integer.MAX_VALUE);
      FlatLayout values = readFlatBody(in, valueCount, segmentCount, used);
      if (in.u8("layout kind") != FormatConstants.LAYOUT_CHUNKED) {
        throw in.corrupt("the codes of a dict layout must be a chunked layout");
      }
      long codeRows = in.varint("layout row count", 0, Long.MAX_VALUE / 2);
      if (codeRows != rows) {
        throw in.corrupt("the codes of a dict layout cover " + codeRows + " rows of " + rows);
      }
      int count = in.count("chunk count", 3);
      List<Layout> codeChunks = new ArrayList<>(count);
      long covered = 0;
      for (int i = 0; i < count; i++) {
        Layout chunk = readChunk(in, rows - covered, segmentCount, used, false);
        covered += chunk.rowCount();
        codeChunks.add(chunk);
      }
      if (covered != rows) {
        throw in.corrupt("code chunks cover " + covered + " rows of " + rows);
      }
      return new DictLayout(rows, values, new ChunkedLayout(rows, codeChunks));
    }
    if (kind != FormatConstants.LAYOUT_FLAT) {
      throw in
          .corrupt("a chunk must be a flat" + (dictionaryAllowed ? " or dict" : "") + " layout, not " + kindName(kind));
    }
    return readFlatBody(in, rows, segmentCount, used);
  }

  private static FlatLayout readFlatBody(BinaryReader in, long rows, int segmentCount, boolean[] used)
      throws CorruptFileException {
    int segment = (int) in.varint("segment index", 0, segmentCount - 1L);
    if (used[segment]) {
      throw in.corrupt("segment " + segment + " is used twice");
    }
    used[segment] = true;
    long uncompressed = in.varint("uncompressed bytes", 0, Long.MAX_VALUE / 2);
    return new FlatLayout(rows, segment, uncompressed);
  }

  /** Column-wide dictionaries hold string or binary values only. */
  private static boolean dictionaryAllowed(Field field) {
    return field.getType() instanceof ArrowType.Utf8 || field.getType() instanceof ArrowType.Binary;
  }

  private static void requireColumn(BinaryReader in, Field field, String kind) throws CorruptFileException {
    if (field == null) {
      throw in.corrupt("a " + kind + " layout at the root");
    }
  }

  private static String kindName(int kind) {
    switch (kind) {
      case FormatConstants.LAYOUT_STRUCT:
        return "struct";
      case FormatConstants.LAYOUT_ZONED:
        return "zoned";
      case FormatConstants.LAYOUT_CHUNKED:
        return "chunked";
      case FormatConstants.LAYOUT_FLAT:
        return "flat";
      case FormatConstants.LAYOUT_DICT:
        return "dict";
      default:
        return "kind " + kind;
    }
  }
}
