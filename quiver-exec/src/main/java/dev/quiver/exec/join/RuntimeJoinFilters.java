package dev.quiver.exec.join;

import dev.quiver.common.metrics.Metric;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.plan.FilterNode;
import dev.quiver.exec.plan.JoinNode;
import dev.quiver.exec.plan.JoinType;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.ProjectNode;
import dev.quiver.exec.plan.TableScanNode;
import dev.quiver.exec.source.QvrTableSource;
import dev.quiver.expression.And;
import dev.quiver.expression.Between;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Constant;
import dev.quiver.expression.Expression;
import dev.quiver.expression.KeyMembers;
import dev.quiver.expression.KeySet;
import dev.quiver.expression.Literal;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Runtime join filters: the keys of a hash join's finished build side, pushed into the scan its probe keys
 * come from, before that scan opens (the build pipeline always runs first), as DuckDB's and Trino's dynamic
 * filters do. The scan then skips the zones without a key (zone maps against the keys' bitmap) and drops
 * the rows without one before it decodes their other columns, so the join (and every operator between it
 * and the scan) sees only rows that can match.
 *
 * <p>Which joins: those whose probe rows without a match give nothing (INNER, RIGHT, SEMI, RIGHT_SEMI,
 * RIGHT_ANTI); keys never match on NULL, so a NULL probe key is dropped too. Which keys: an integer or date
 * column the probe side passes up unchanged from a {@code .qvr} scan without a limit, through projections of
 * the column, filters and the probe (left) side of other hash joins, all in the probe's pipeline. What: the
 * keys as a {@link KeySet} when the build holds at most half as many distinct keys as the probe column may
 * ({@link dev.quiver.exec.source.TableSource#distinctBound}, else its rows); else their range as a BETWEEN
 * when it leaves out at least a quarter of the column's range (the footer's minimum and maximum); else
 * nothing. An empty build side (or one of NULL keys only) makes the scan read nothing. A build side that
 * spilled, or whose keys' set the query's memory limit refuses, gives no filter. The sets' memory is reserved
 * under "RuntimeJoinFilter" until the query ends.
 */
public final class RuntimeJoinFilters {
  /** The most build rows whose keys are gathered into a set. */
  static final int MAX_BUILD_ROWS = 1 << 24;

  /** A filter waiting for its join's build: the probe scan's column must hold one of build key {@code key}'s values. */
  private record Pending(HashJoinBuildFactory build, int key, ColumnReference column) {}

  private final Map<TableScanNode, List<Pending>> pending = new IdentityHashMap<>();
  /** The scans that appear more than once in the plan's tree (a shared sub-plan): never filtered. */
  private final Set<TableScanNode> shared = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  private final boolean enabled;

  /** The filters of {@code plan}'s joins (none registered yet). */
  public RuntimeJoinFilters(PlanNode plan) {
    this.enabled = true;
    Set<TableScanNode> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    collectScans(plan, seen);
  }

  private RuntimeJoinFilters() {
    this.enabled = false;
  }

  /** Filters that are never made (runtime join filters switched off). */
  public static RuntimeJoinFilters none() {
    return new RuntimeJoinFilters();
  }

  private void collectScans(PlanNode node, Set<TableScanNode> seen) {
    if (node instanceof TableScanNode scan && !seen.add(scan)) {
      shared.add(scan);
    }
    for (PlanNode input : node.inputs()) {
      collectScans(input, seen);
    }
  }

  /**
   * Registers {@code join}'s filters (its build side is {@code build}) on the scans of its probe side its keys
   * come from; call before the probe side's pipeline is built.
   */
  public synchronized void register(JoinNode join, HashJoinBuildFactory build) {
    if (!enabled || !dropsUnmatchedProbeRows(join.type())) {
      return;
    }
    for (int k = 0; k < join.leftKeys().size(); k++) {
      ArrowType leftType = join.left().schema().getFields().get(join.leftKeys().get(k)).getType();
      ArrowType rightType = join.right().schema().getFields().get(join.rightKeys().get(k)).getType();
      if (!KeySet.supports(leftType) || !KeySet.supports(rightType)
          || leftType.getTypeID() != rightType.getTypeID()) {
        continue;
      }
      ColumnSource source = trace(join.left(), join.leftKeys().get(k));
      if (source != null && !shared.contains(source.scan)) {
        ColumnReference column = new ColumnReference(source.scan.columns().get(source.ordinal), source.ordinal,
            leftType);
        pending.computeIfAbsent(source.scan, scan -> new ArrayList<>()).add(new Pending(build, k, column));
      }
    }
  }

  /** Whether a join of this type gives nothing for a probe (left) row without a match. */
  static boolean dropsUnmatchedProbeRows(JoinType type) {
    return switch (type) {
      case INNER, RIGHT, SEMI, RIGHT_SEMI, RIGHT_ANTI -> true;
      case LEFT, FULL, ANTI, NULL_AWARE_ANTI, LEFT_MARK -> false;
    };
  }

  /** Whether some join registered a filter on {@code scan}. */
  public synchronized boolean targets(TableScanNode scan) {
    return pending.containsKey(scan);
  }

  private record ColumnSource(TableScanNode scan, int ordinal) {}

  /** The scan column that output column {@code ordinal} of {@code node} is, unchanged, in node's pipeline. */
  private static ColumnSource trace(PlanNode node, int ordinal) {
    while (true) {
      if (node instanceof TableScanNode scan) {
        return scan.table() instanceof QvrTableSource && scan.limit() < 0 ? new ColumnSource(scan, ordinal) : null;
      }
      if (node instanceof FilterNode filter) {
        node = filter.input();
      } else if (node instanceof ProjectNode project
          && project.expressions().get(ordinal) instanceof ColumnReference reference) {
        node = project.input();
        ordinal = reference.ordinal();
      } else if (node instanceof JoinNode join && join.type().outputsLeft()
          && ordinal < join.left().schema().getFields().size()) {
        node = join.left();
      } else {
        return null;
      }
    }
  }

  /**
   * What a scan reads with the runtime filters pushed into it.
   *
   * @param filter the scan's own filter and the runtime filters, ANDed (null when there is none)
   * @param metrics how many filters were made, of which kinds, and the time it took (names {@code runtime.*})
   */
  public record Pushed(Expression filter, MetricsSnapshot metrics) {}

  /**
   * {@code scan}'s filter with the runtime filters of the joins registered on it, made now (their build sides
   * are finished); the memory of their key sets is reserved until {@code resources} are closed.
   */
  public Pushed filterFor(TableScanNode scan, ExecutionContext context, List<AutoCloseable> resources) {
    long started = System.nanoTime();
    List<Pending> filters;
    synchronized (this) {
      filters = pending.getOrDefault(scan, List.of());
    }
    List<Expression> conditions = new ArrayList<>();
    if (scan.filter() != null) {
      conditions.add(scan.filter());
    }
    List<Metric> pushed = new ArrayList<>();
    for (Pending filter : filters) {
      Expression condition = make(filter, scan, context, resources, pushed);
      if (condition != null) {
        conditions.add(condition);
      }
    }
    List<Metric> metrics = summed(pushed);
    metrics.add(new Metric("runtime.filters.time", Metric.Kind.NANOS, System.nanoTime() - started));
    Expression filter = conditions.isEmpty() ? null : conditions.size() == 1 ? conditions.get(0) : new And(conditions);
    return new Pushed(filter, new MetricsSnapshot(metrics));
  }

  private static Expression make(Pending filter, TableScanNode scan, ExecutionContext context,
      List<AutoCloseable> resources, List<Metric> pushed) {
    HashJoinBuildFactory build = filter.build;
    if (build.spilled()) {
      return null;
    }
    JoinTable table = build.table();
    FieldVector keys = table.columns.get(build.spec.rightKeys[filter.key]);
    String name = filter.column.name();
    int rows = table.rowCount;
    if (rows > MAX_BUILD_ROWS) {
      return null;
    }
    long probeDistinct = scan.table().distinctBound(name).orElse(scan.table().rowCount());
    long buildDistinct = build.spec.rightKeys.length == 1 ? table.distinctKeys : rows;
    boolean wantSet = 2 * buildDistinct <= probeDistinct;
    MemoryReservation reservation = context.reservation("RuntimeJoinFilter");
    long[] values = null;
    try {
      long scratch = 8L * rows;
      if (wantSet && reservation.tryGrow(scratch)) {
        values = new long[Math.max(1, rows)];
      }
      long low = Long.MAX_VALUE;
      long high = Long.MIN_VALUE;
      int count = 0;
      int width = IntegerKeys.width(keys);
      if (width == 0) {
        return null;
      }
      long validity = keys.getValidityBuffer().memoryAddress();
      long data = keys.getDataBuffer().memoryAddress();
      for (int row = 0; row < rows; row++) {
        if (!IntegerKeys.isSet(validity, row)) {
          continue;
        }
        long value = IntegerKeys.read(data, row, width);
        low = Math.min(low, value);
        high = Math.max(high, value);
        if (values != null) {
          values[count] = value;
        }
        count++;
      }
      if (count == 0) {
        pushed.add(new Metric("runtime.filters.empty", Metric.Kind.COUNT, 1));
        return new Constant(false);
      }
      if (values != null) {
        long setBytes = KeyMembers.byteSize(low, high, count);
        if (reservation.tryGrow(setBytes)) {
          KeyMembers members = KeyMembers.of(values, count);
          reservation.shrink(scratch + setBytes - members.byteSize());
          values = null;
          synchronized (resources) {
            resources.add(reservation);
          }
          reservation = null;
          pushed.add(new Metric("runtime.filters.sets", Metric.Kind.COUNT, 1));
          pushed.add(new Metric("runtime.filters.keys", Metric.Kind.COUNT, members.size()));
          return new KeySet(filter.column, members, "a join's build side");
        }
      }
      return narrowRange(filter.column, scan, low, high, pushed);
    } finally {
      if (reservation != null) {
        reservation.close();
      }
    }
  }

  /** {@code column BETWEEN low AND high} when that leaves out at least a quarter of the column's range, else null. */
  private static Expression narrowRange(ColumnReference column, TableScanNode scan, long low, long high,
      List<Metric> pushed) {
    ZoneStatistics statistics = scan.table().statistics(column.name()).orElse(null);
    if (statistics == null || !(statistics.minimum() instanceof Number minimum)
        || !(statistics.maximum() instanceof Number maximum)) {
      return null;
    }
    double whole = (double) maximum.longValue() - minimum.longValue() + 1;
    double kept = (double) Math.min(high, maximum.longValue()) - Math.max(low, minimum.longValue()) + 1;
    if (kept > 0.75 * whole) {
      return null;
    }
    pushed.add(new Metric("runtime.filters.ranges", Metric.Kind.COUNT, 1));
    return new Between(column, Literal.ofKey(low, column.type()), Literal.ofKey(high, column.type()), false);
  }

  /** The metrics of several filters, one per name, summed. */
  private static List<Metric> summed(List<Metric> metrics) {
    Map<String, Long> sums = new java.util.LinkedHashMap<>();
    for (Metric metric : metrics) {
      sums.merge(metric.name(), metric.value(), Long::sum);
    }
    List<Metric> result = new ArrayList<>();
    sums.forEach((name, value) -> result.add(new Metric(name, Metric.Kind.COUNT, value)));
    return result;
  }
}
