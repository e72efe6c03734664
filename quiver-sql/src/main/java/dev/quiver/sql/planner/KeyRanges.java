package dev.quiver.sql.planner;

import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.exec.plan.KeyRange;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The ranges footer statistics bound an aggregate's group keys to, when every key is an integer or
 * a date column read unchanged from a table (through filters, joins and projections): the engine
 * may then find groups by direct indexing. A hint only: the engine stays right for values outside.
 */
final class KeyRanges {
  private static final Set<SqlTypeName> INTEGERS = Set.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT,
      SqlTypeName.INTEGER, SqlTypeName.BIGINT, SqlTypeName.DATE);

  private KeyRanges() {}

  /** Per group key (in group-set order) its range, or an empty list when any key has none. */
  static List<KeyRange> of(Aggregate aggregate) {
    if (aggregate.getGroupSet().isEmpty() || aggregate.getGroupSets().size() != 1) {
      return List.of();
    }
    RelMetadataQuery metadata = aggregate.getCluster().getMetadataQuery();
    List<KeyRange> ranges = new ArrayList<>();
    for (int key : aggregate.getGroupSet()) {
      SqlTypeName type = aggregate.getInput().getRowType().getFieldList().get(key).getType().getSqlTypeName();
      if (!INTEGERS.contains(type)) {
        return List.of();
      }
      RelColumnOrigin origin = metadata.getColumnOrigin(aggregate.getInput(), key);
      if (origin == null || origin.isDerived()) {
        return List.of();
      }
      KeyRange range = range(origin.getOriginTable(), origin.getOriginColumnOrdinal());
      if (range == null) {
        return List.of();
      }
      ranges.add(range);
    }
    return ranges;
  }

  /**
   * How many groups the statistics prove the aggregate can make: the product of its keys' widths in
   * {@code ranges} (from {@link #of}; NULL one more value each), capped by the rows its input is
   * estimated to have; 0 when the keys have no ranges (a string, a computed value), as Calcite's own
   * guess for such a key is no guide.
   */
  static double groupBound(Aggregate aggregate, List<KeyRange> ranges) {
    if (ranges.isEmpty()) {
      return 0;
    }
    double product = 1;
    for (KeyRange range : ranges) {
      product *= range.width() + 1.0;
    }
    Double rows = aggregate.getCluster().getMetadataQuery().getRowCount(aggregate.getInput());
    return rows == null ? 0 : Math.min(product, rows);
  }

  private static KeyRange range(RelOptTable table, int column) {
    QuiverTable quiver = table.unwrap(QuiverTable.class);
    if (quiver == null) {
      return null;
    }
    String name = table.getRowType().getFieldNames().get(column);
    Optional<ZoneStatistics> statistics = quiver.source().statistics(name);
    if (statistics.isEmpty() || statistics.get().truncated()) {
      return null;
    }
    Long low = asLong(statistics.get().minimum());
    Long high = asLong(statistics.get().maximum());
    return low == null || high == null || high < low ? null : new KeyRange(low, high);
  }

  private static Long asLong(Object value) {
    if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof LocalDate date) {
      return date.toEpochDay();
    }
    return null;
  }
}
