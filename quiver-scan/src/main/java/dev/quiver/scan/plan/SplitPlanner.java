package dev.quiver.scan.plan;

import dev.quiver.common.QuiverException;
import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.expression.Expression;
import dev.quiver.expression.filter.Truth;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.Layout;
import dev.quiver.format.layout.ZonedLayout;
import dev.quiver.scan.prune.ZonePruner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Plans a scan over the files of a table: which files statistics skip, where splits start and end,
 * which zones of each split zone maps prune, which chunk pieces each split reads. Reads only footers.
 */
public final class SplitPlanner {
  private SplitPlanner() {}

  /**
   * Plans a scan of the files as one table.
   *
   * @param rowRange table rows {@code [start, end)} to scan, or null for all
   * @param selectedRows table rows to take (any order, duplicates ignored), or null
   */
  public static ScanPlan plan(List<QuiverFile> files, List<String> projection, Expression filter,
      SplitStrategy strategy,
      long[] rowRange, long[] selectedRows) {
    Schema schema = files.get(0).schema();
    List<Field> outputFields = new ArrayList<>();
    List<String> touchedColumns = resolveColumns(files.get(0), projection, filter, outputFields);
    long[] selection = selectedRows == null ? null : Arrays.stream(selectedRows).sorted().distinct().toArray();
    List<Split> splits = new ArrayList<>();
    List<List<List<ChunkPiece>>> pieces = new ArrayList<>();
    List<SplitFile> splitFiles = new ArrayList<>();
    for (QuiverFile file : files) {
      splitFiles.add(SplitFile.of(file));
    }
    long zonesPruned = 0;
    int filesSkipped = 0;
    long base = 0;
    for (int fileIndex = 0; fileIndex < files.size(); fileIndex++) {
      QuiverFile file = files.get(fileIndex);
      long rows = file.rowCount();
      long low = 0;
      long high = rows;
      if (rowRange != null) {
        low = Math.max(0, Math.min(rows, rowRange[0] - base));
        high = Math.max(low, Math.min(rows, rowRange[1] - base));
      }
      long[] fileSelection = selection == null ? null : rowsWithin(selection, base + low, base + high, base);
      base += rows;
      if (low >= high || (fileSelection != null && fileSelection.length == 0)) {
        continue;
      }
      FilePlanner planner = new FilePlanner(file, touchedColumns, filter);
      if (filter != null && ZonePruner.evaluate(filter, planner::fileStatistics) == Truth.FALSE) {
        filesSkipped++;
        zonesPruned += planner.zoneCount();
        continue;
      }
      for (long[] span : planner.spans(low, high, strategy)) {
        List<RowRange> ranges = new ArrayList<>();
        zonesPruned += planner.prune(span[0], span[1], ranges);
        long[] splitSelection = null;
        if (fileSelection != null) {
          splitSelection = selectedInRanges(fileSelection, ranges);
          if (splitSelection.length == 0) {
            continue;
          }
          ranges = narrowToSelection(ranges, splitSelection);
        }
        if (ranges.isEmpty()) {
          continue;
        }
        splits.add(new Split(splits.size(), splitFiles.get(fileIndex), span[0], span[1], ranges, splitSelection));
        pieces.add(planner.pieces(ranges));
      }
    }
    return new ScanPlan(schema, new Schema(outputFields), touchedColumns, filter, splitFiles, splits, pieces,
        zonesPruned, filesSkipped);
  }

  /**
   * The plan of one split run on its own, where it was sent: its chunk pieces derived from
   * {@code file}'s footer (the caller has checked with {@link SplitFile#verify} that this is the file
   * the split was planned on). The split's ranges are checked against the file: a split is input.
   */
  public static ScanPlan planSplit(QuiverFile file, List<String> projection, Expression filter, Split split) {
    List<Field> outputFields = new ArrayList<>();
    List<String> touchedColumns = resolveColumns(file, projection, filter, outputFields);
    long previousEnd = 0;
    for (RowRange range : split.ranges()) {
      if (range.start() < previousEnd || range.end() <= range.start() || range.end() > file.rowCount()) {
        throw QuiverException.user(split + ": its ranges must ascend inside the file's " + file.rowCount() + " rows");
      }
      previousEnd = range.end();
    }
    if (split.ranges().isEmpty()) {
      throw QuiverException.user(split + " has no rows to read");
    }
    Split local = new Split(0, split.file(), split.start(), split.end(), split.ranges(), split.selectedRows());
    FilePlanner planner = new FilePlanner(file, touchedColumns, filter);
    return new ScanPlan(file.schema(), new Schema(outputFields), touchedColumns, filter, List.of(split.file()),
        List.of(local), List.of(planner.pieces(split.ranges())), 0, 0);
  }

  /** Checks the columns asked and returns the columns touched (projection, then filter columns). */
  private static List<String> resolveColumns(QuiverFile file, List<String> projection, Expression filter,
      List<Field> outputFields) {
    Schema schema = file.schema();
    Set<String> names = new HashSet<>();
    for (Field field : schema.getFields()) {
      if (!names.add(field.getName())) {
        throw QuiverException.user(file.path() + ": two columns are named '" + field.getName()
            + "'; a table's column names must be unique (rewrite the file with distinct names)");
      }
    }
    LinkedHashSet<String> touched = new LinkedHashSet<>();
    for (String column : projection) {
      outputFields.add(field(schema, column, file));
      if (!touched.add(column)) {
        throw QuiverException.user("column '" + column + "' is asked for twice; name each column once");
      }
    }
    if (filter != null) {
      for (String column : filter.columns()) {
        field(schema, column, file);
        touched.add(column);
      }
    }
    return List.copyOf(touched);
  }

  private static Field field(Schema schema, String column, QuiverFile file) {
    for (Field field : schema.getFields()) {
      if (field.getName().equals(column)) {
        return field;
      }
    }
    throw QuiverException.user(file.path() + ": no column named '" + column + "'");
  }

  /** The selected table rows inside {@code [from, to)}, as file rows. */
  private static long[] rowsWithin(long[] sorted, long from, long to, long base) {
    int first = lowerBound(sorted, from);
    int last = lowerBound(sorted, to);
    long[] result = new long[Math.max(0, last - first)];
    for (int i = 0; i < result.length; i++) {
      result[i] = sorted[first + i] - base;
    }
    return result;
  }

  private static long[] selectedInRanges(long[] sorted, List<RowRange> ranges) {
    List<Long> chosen = new ArrayList<>();
    for (RowRange range : ranges) {
      for (int i = lowerBound(sorted, range.start()); i < sorted.length && sorted[i] < range.end(); i++) {
        chosen.add(sorted[i]);
      }
    }
    return chosen.stream().mapToLong(Long::longValue).toArray();
  }

  /** Ranges cut down to the span of the selected rows each holds (so a take reads only their chunks). */
  private static List<RowRange> narrowToSelection(List<RowRange> ranges, long[] selected) {
    List<RowRange> narrowed = new ArrayList<>();
    for (RowRange range : ranges) {
      int first = lowerBound(selected, range.start());
      int last = lowerBound(selected, range.end());
      if (first < last) {
        narrowed.add(new RowRange(selected[first], selected[last - 1] + 1, range.allMatch()));
      }
    }
    return narrowed;
  }

  static int lowerBound(long[] sorted, long value) {
    int low = 0;
    int high = sorted.length;
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (sorted[middle] < value) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  /** One file's part of the plan. */
  private static final class FilePlanner {
    private final QuiverFile file;
    private final Expression filter;
    private final ZonePruner pruner;
    private final Map<String, Integer> columnIndexes = new HashMap<>();
    private final List<List<ChunkPiece>> pieces = new ArrayList<>();
    private final int zoneRows;

    FilePlanner(QuiverFile file, List<String> touched, Expression filter) {
      this.file = file;
      this.filter = filter;
      this.pruner = filter == null ? null : ZonePruner.of(filter);
      for (String column : touched) {
        int index = file.columnIndex(column);
        columnIndexes.put(column, index);
        pieces.add(ColumnPieces.of(file, index));
      }
      int rows = 0;
      for (Layout column : file.layout().children()) {
        if (column instanceof ZonedLayout) {
          rows = ((ZonedLayout) column).zoneRows();
          break;
        }
      }
      this.zoneRows = rows;
    }

    ZoneStatistics fileStatistics(String column) {
      return file.statistics().get(file.columnIndex(column));
    }

    long zoneCount() {
      return zoneRows == 0 ? 0 : (file.rowCount() + zoneRows - 1) / zoneRows;
    }

    /** Split spans inside {@code [low, high)}. */
    List<long[]> spans(long low, long high, SplitStrategy strategy) {
      List<long[]> spans = new ArrayList<>();
      if (!strategy.byLayout()) {
        for (long start = low; start < high; start += strategy.rows()) {
          spans.add(new long[] {start, Math.min(high, start + strategy.rows())});
        }
        return spans;
      }
      TreeSet<Long> boundaries = new TreeSet<>();
      boundaries.add(low);
      boundaries.add(high);
      for (List<ChunkPiece> column : pieces) {
        for (ChunkPiece piece : column) {
          if (piece.start() > low && piece.start() < high) {
            boundaries.add(piece.start());
          }
        }
      }
      Long previous = null;
      for (long boundary : boundaries) {
        if (previous != null) {
          long length = boundary - previous;
          long parts = (length + strategy.rows() - 1) / strategy.rows();
          for (long part = 0; part < parts; part++) {
            spans.add(new long[] {previous + length * part / parts, previous + length * (part + 1) / parts});
          }
        }
        previous = boundary;
      }
      return spans;
    }

    /** Adds the surviving ranges of {@code [start, end)} to {@code ranges}; returns the zones pruned. */
    long prune(long start, long end, List<RowRange> ranges) {
      if (filter == null || zoneRows == 0) {
        ranges.add(new RowRange(start, end, filter == null));
        return 0;
      }
      long pruned = 0;
      for (long zone = start / zoneRows; zone * zoneRows < end; zone++) {
        long zoneIndex = zone;
        Function<String, ZoneStatistics> statistics = column -> zoneStatistics(column, zoneIndex);
        Truth truth = pruner.evaluate(statistics);
        if (truth == Truth.FALSE) {
          pruned++;
          continue;
        }
        long from = Math.max(start, zone * zoneRows);
        long to = Math.min(end, (zone + 1) * zoneRows);
        boolean allMatch = truth == Truth.TRUE;
        RowRange last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
        if (last != null && last.end() == from && last.allMatch() == allMatch) {
          ranges.set(ranges.size() - 1, new RowRange(last.start(), to, allMatch));
        } else {
          ranges.add(new RowRange(from, to, allMatch));
        }
      }
      return pruned;
    }

    private ZoneStatistics zoneStatistics(String column, long zone) {
      Integer index = columnIndexes.get(column);
      if (index == null) {
        return null;
      }
      Layout layout = file.layout().children().get(index);
      if (!(layout instanceof ZonedLayout) || ((ZonedLayout) layout).zoneRows() != zoneRows) {
        return null;
      }
      List<ZoneStatistics> zones = ((ZonedLayout) layout).zones().zones();
      return zone < zones.size() ? zones.get((int) zone) : null;
    }

    List<List<ChunkPiece>> pieces(List<RowRange> ranges) {
      List<List<ChunkPiece>> result = new ArrayList<>();
      for (List<ChunkPiece> column : pieces) {
        result.add(ColumnPieces.overlapping(column, ranges));
      }
      return result;
    }
  }
}
