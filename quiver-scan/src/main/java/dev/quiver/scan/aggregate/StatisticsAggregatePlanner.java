package dev.quiver.scan.aggregate;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.expression.Expression;
import dev.quiver.expression.filter.Truth;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.Layout;
import dev.quiver.format.layout.ZonedLayout;
import dev.quiver.scan.plan.RowRange;
import dev.quiver.scan.prune.ZonePruner;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Decides, from footers only, which rows of a table statistics answer for a set of
 * {@link StatisticsCall}s under a filter. Per file: the file's statistics first (a filter they prove
 * false skips the file; proven true, or no filter, and statistics exact for every call answer the
 * whole file from its footer); else per zone, with the scan's {@link ZonePruner}: FALSE contributes
 * nothing, TRUE with exact statistics for every call contributes them, anything else (partly
 * selected, statistics missing, truncated or of another zone size) is scanned. Sound by
 * construction: statistics are used only where the pruner proves every row selected.
 */
public final class StatisticsAggregatePlanner {
  private StatisticsAggregatePlanner() {}

  /** Plans the answer over {@code files} (one schema); {@code filter} may be null. */
  public static StatisticsAggregatePlan plan(List<QuiverFile> files, List<StatisticsCall> calls, Expression filter) {
    List<ArrowType> types = types(files.get(0), calls);
    PartialAggregate state = new PartialAggregate(calls, types);
    ZonePruner pruner = filter == null ? null : ZonePruner.of(filter);
    List<List<RowRange>> scanned = new ArrayList<>();
    long fromStatistics = 0;
    long zonesScanned = 0;
    long pruned = 0;
    int filesFromFooter = 0;
    for (QuiverFile file : files) {
      List<RowRange> ranges = new ArrayList<>();
      scanned.add(ranges);
      int zoneRows = zoneRows(file);
      long rows = file.rowCount();
      long zones = zoneRows == 0 ? (rows == 0 ? 0 : 1) : (rows + zoneRows - 1) / zoneRows;
      if (rows == 0) {
        continue;
      }
      Truth fileTruth = pruner == null ? Truth.TRUE : pruner.evaluate(column -> fileStatistics(file, column));
      if (fileTruth == Truth.FALSE) {
        pruned += zones;
        continue;
      }
      if (fileTruth == Truth.TRUE && answersAll(state, calls, column -> fileStatistics(file, column), rows)) {
        addAll(state, calls, column -> fileStatistics(file, column), rows);
        fromStatistics += zones;
        filesFromFooter++;
        continue;
      }
      if (zoneRows == 0) {
        ranges.add(new RowRange(0, rows, fileTruth == Truth.TRUE));
        zonesScanned++;
        continue;
      }
      for (long zone = 0; zone < zones; zone++) {
        long zoneIndex = zone;
        Function<String, ZoneStatistics> statistics = column -> zoneStatistics(file, column, zoneRows, zoneIndex);
        Truth truth = pruner == null ? Truth.TRUE : pruner.evaluate(statistics);
        if (truth == Truth.FALSE) {
          pruned++;
          continue;
        }
        long from = zone * zoneRows;
        long to = Math.min(rows, from + zoneRows);
        if (truth == Truth.TRUE && answersAll(state, calls, statistics, to - from)) {
          addAll(state, calls, statistics, to - from);
          fromStatistics++;
          continue;
        }
        zonesScanned++;
        boolean allMatch = truth == Truth.TRUE;
        RowRange last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
        if (last != null && last.end() == from && last.allMatch() == allMatch) {
          ranges.set(ranges.size() - 1, new RowRange(last.start(), to, allMatch));
        } else {
          ranges.add(new RowRange(from, to, allMatch));
        }
      }
    }
    return new StatisticsAggregatePlan(state, scanned, fromStatistics, zonesScanned, pruned, filesFromFooter);
  }

  /** Per call its argument's type in the file (null for COUNT(*)); a missing column is a USER error. */
  static List<ArrowType> types(QuiverFile file, List<StatisticsCall> calls) {
    List<ArrowType> types = new ArrayList<>();
    for (StatisticsCall call : calls) {
      types.add(call.column() == null ? null
          : file.schema().getFields().get(file.columnIndex(call.column())).getType());
    }
    return types;
  }

  private static boolean answersAll(PartialAggregate state, List<StatisticsCall> calls,
      Function<String, ZoneStatistics> statistics, long rows) {
    for (int c = 0; c < calls.size(); c++) {
      String column = calls.get(c).column();
      if (!state.answers(c, column == null ? null : statistics.apply(column), rows)) {
        return false;
      }
    }
    return true;
  }

  private static void addAll(PartialAggregate state, List<StatisticsCall> calls,
      Function<String, ZoneStatistics> statistics, long rows) {
    for (int c = 0; c < calls.size(); c++) {
      String column = calls.get(c).column();
      state.addStatistics(c, column == null ? null : statistics.apply(column), rows);
    }
  }

  /** The zone size of the file's first zoned column (the scan's pruner uses the same), or 0. */
  private static int zoneRows(QuiverFile file) {
    for (Layout column : file.layout().children()) {
      if (column instanceof ZonedLayout zoned) {
        return zoned.zoneRows();
      }
    }
    return 0;
  }

  private static ZoneStatistics fileStatistics(QuiverFile file, String column) {
    List<ZoneStatistics> statistics = file.statistics();
    int index = file.columnIndex(column);
    return statistics == null || index >= statistics.size() ? null : statistics.get(index);
  }

  private static ZoneStatistics zoneStatistics(QuiverFile file, String column, int zoneRows, long zone) {
    Layout layout = file.layout().children().get(file.columnIndex(column));
    if (!(layout instanceof ZonedLayout zoned) || zoned.zoneRows() != zoneRows) {
      return null;
    }
    List<ZoneStatistics> zones = zoned.zones().zones();
    return zone < zones.size() ? zones.get((int) zone) : null;
  }
}
