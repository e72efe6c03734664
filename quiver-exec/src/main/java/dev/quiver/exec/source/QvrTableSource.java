package dev.quiver.exec.source;

import dev.quiver.common.QuiverException;
import dev.quiver.common.stats.DistinctBounds;
import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.expression.Expression;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.Layout;
import dev.quiver.format.layout.ZonedLayout;
import dev.quiver.scan.Scan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A table of one or more {@code .qvr} files (one schema): the footers give the schema, row count and
 * column statistics without reading data; a scan hands its splits to the engine's threads as
 * morsels, pushing the columns, the filter (zone pruning and exact evaluation) into quiver-scan.
 */
public final class QvrTableSource implements TableSource {
  private final String name;
  private final List<Path> files;
  private final Schema schema;
  private final long rowCount;
  private final List<ZoneStatistics> statistics;
  /** Per column, {@link DistinctBounds} over every file's zones. */
  private final DistinctBounds[] distinctBounds;

  private QvrTableSource(String name, List<Path> files, Schema schema, long rowCount,
      List<ZoneStatistics> statistics, DistinctBounds[] distinctBounds) {
    this.name = name;
    this.files = files;
    this.schema = schema;
    this.rowCount = rowCount;
    this.statistics = statistics;
    this.distinctBounds = distinctBounds;
  }

  /** The table in {@code path}: a {@code .qvr} file or a folder of them (read as one table). */
  public static QvrTableSource open(String name, Path path) throws IOException {
    if (Files.isDirectory(path)) {
      try (Stream<Path> listing = Files.list(path)) {
        List<Path> files = listing.filter(file -> file.getFileName().toString().endsWith(".qvr")).sorted().toList();
        if (files.isEmpty()) {
          throw QuiverException.user(path + ": the folder holds no .qvr file");
        }
        return open(name, files);
      }
    }
    if (!Files.exists(path)) {
      throw QuiverException.user(path + ": no such file or folder");
    }
    return open(name, List.of(path));
  }

  /** The table of these files, which must share one schema. */
  public static QvrTableSource open(String name, List<Path> files) throws IOException {
    Schema schema = null;
    long rows = 0;
    List<ZoneStatistics> statistics = null;
    DistinctBounds[] distinctBounds = null;
    for (Path file : files) {
      try (QuiverFile opened = QuiverFile.open(file)) {
        if (schema == null) {
          schema = opened.schema();
          statistics = files.size() == 1 ? opened.statistics() : null;
          distinctBounds = new DistinctBounds[schema.getFields().size()];
          java.util.Arrays.setAll(distinctBounds, column -> new DistinctBounds());
        } else if (!schema.equals(opened.schema())) {
          throw QuiverException.user(file + ": its columns differ from " + files.get(0) + "'s: " + opened.schema()
              + " against " + schema);
        }
        rows += opened.rowCount();
        addDistinctBounds(opened, distinctBounds);
      }
    }
    if (schema == null) {
      throw QuiverException.user("table " + name + " has no file");
    }
    return new QvrTableSource(name, List.copyOf(files), schema, rows, statistics, distinctBounds);
  }

  /** Adds each column's zones in {@code file} to its bound (its file statistics when it has no zone map). */
  private static void addDistinctBounds(QuiverFile file, DistinctBounds[] bounds) {
    List<Layout> columns = file.layout().children();
    List<ZoneStatistics> fileStatistics = file.statistics();
    for (int column = 0; column < bounds.length; column++) {
      Layout layout = column < columns.size() ? columns.get(column) : null;
      if (layout instanceof ZonedLayout zoned) {
        zoned.zones().zones().forEach(bounds[column]::add);
      } else if (column < fileStatistics.size() && fileStatistics.get(column) != null) {
        bounds[column].add(fileStatistics.get(column));
      } else {
        bounds[column].addUnknown(file.rowCount());
      }
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public long rowCount() {
    return rowCount;
  }

  public List<Path> files() {
    return files;
  }

  /** Per column name, the zone statistics of every file in order, once asked for ({@link #zones}). */
  private final java.util.concurrent.ConcurrentHashMap<String, Optional<List<ZoneStatistics>>> zones = new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * The statistics of every zone of {@code column}, file after file (read from the footers the first time it is asked
   * for); empty when a file keeps no zone map for it.
   */
  public Optional<List<ZoneStatistics>> zones(String column) throws IOException {
    Optional<List<ZoneStatistics>> known = zones.get(column);
    if (known != null) {
      return known;
    }
    List<ZoneStatistics> all = new ArrayList<>();
    boolean complete = true;
    for (Path file : files) {
      try (QuiverFile opened = QuiverFile.open(file)) {
        Layout layout = opened.layout().children().get(opened.columnIndex(column));
        if (layout instanceof ZonedLayout zoned) {
          all.addAll(zoned.zones().zones());
        } else {
          complete = false;
        }
      }
    }
    Optional<List<ZoneStatistics>> result = complete ? Optional.of(List.copyOf(all)) : Optional.empty();
    zones.putIfAbsent(column, result);
    return result;
  }

  @Override
  public Optional<ZoneStatistics> statistics(String column) {
    if (statistics == null) {
      return Optional.empty();
    }
    List<Field> fields = schema.getFields();
    for (int i = 0; i < fields.size() && i < statistics.size(); i++) {
      if (fields.get(i).getName().equals(column)) {
        return Optional.ofNullable(statistics.get(i));
      }
    }
    return Optional.empty();
  }

  @Override
  public OptionalLong distinctBound(String column) {
    List<Field> fields = schema.getFields();
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).getName().equals(column)) {
        return OptionalLong.of(distinctBounds[i].bound());
      }
    }
    return OptionalLong.empty();
  }

  @Override
  public boolean evaluatesFilters() {
    return true;
  }

  @Override
  public MorselSource open(List<String> columns, Expression filter, long limit, ExecutionContext context)
      throws IOException {
    Scan scan = Scan.of(new ArrayList<>(files)).columns(columns).threads(context.threads());
    if (filter != null) {
      scan.filter(filter);
    }
    return new QvrMorselSource(name, scan.openTasks(context.sourceAllocator()));
  }

  @Override
  public String toString() {
    return name;
  }
}
