package dev.quiver.scan.aggregate;

import dev.quiver.scan.plan.RowRange;
import java.util.List;

/**
 * How an aggregate over a table is answered, decided from footers alone: the state the statistics
 * give (of the zones, or whole files, wholly selected), and per file the zone-aligned row ranges
 * left to scan (zones partly selected, or whose statistics are missing or inexact). Zones proven
 * empty contribute nothing.
 *
 * @param fromStatistics the calls' state over every row answered by statistics
 * @param scanned per file (in table order) the ranges to scan, ascending; {@code allMatch} when zone
 *     maps prove every row passes the filter
 * @param zonesFromStatistics zones answered by statistics (those of files answered by their footer
 *     included)
 * @param zonesScanned zones left to scan
 * @param zonesPruned zones proven to hold no selected row
 * @param filesFromFooter files answered by their footer's file statistics alone
 */
public record StatisticsAggregatePlan(PartialAggregate fromStatistics, List<List<RowRange>> scanned,
    long zonesFromStatistics, long zonesScanned, long zonesPruned, int filesFromFooter) {
  public StatisticsAggregatePlan {
    scanned = scanned.stream().map(List::copyOf).toList();
  }

  /** Rows left to scan. */
  public long rowsScanned() {
    long rows = 0;
    for (List<RowRange> ranges : scanned) {
      for (RowRange range : ranges) {
        rows += range.rowCount();
      }
    }
    return rows;
  }

  /** One line for EXPLAIN. */
  public String describe() {
    return "zones from statistics=" + zonesFromStatistics + ", zones scanned=" + zonesScanned + ", zones pruned="
        + zonesPruned + ", files from footer=" + filesFromFooter;
  }
}
