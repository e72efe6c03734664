package dev.quiver.exec.source;

import dev.quiver.common.batch.Batch;
import dev.quiver.common.metrics.Metric;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.expression.Expression;
import dev.quiver.scan.aggregate.StatisticsAggregatePlan;
import dev.quiver.scan.aggregate.StatisticsAggregateScan;
import dev.quiver.scan.aggregate.StatisticsCall;
import dev.quiver.scan.plan.Split;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The partial states of an aggregate without GROUP BY over a {@code .qvr} table, answered where the
 * footers can ({@link StatisticsAggregateScan}): one row for every zone (or file) statistics answer,
 * read without a data segment, then one row per split of the zones still scanned (partly selected,
 * or statistics missing or inexact), each the state of its rows; the rows of {@link #schema()} are
 * merged by an aggregate above (SUM of counts and sums, MIN of minimums, MAX of maximums). The
 * filter is evaluated inside: a scan of this source needs none. Its name, which EXPLAIN prints,
 * carries the zones planned from the footers at planning; its metrics count what the run did. A
 * plan that scans no zone (COUNT(*), MIN/MAX of a whole table) is answered from the footers read at
 * planning, without opening the files again; otherwise the files are opened and planned afresh at
 * execution, so the statistics and the scanned rows come from one open.
 */
public final class StatisticsAggregateSource implements TableSource {
  private final QvrTableSource table;
  private final List<StatisticsCall> calls;
  private final Expression filter;
  private final Schema schema;
  private final StatisticsAggregatePlan planned;

  /**
   * @param filter the condition rows must pass (over the table's columns, by name), or null
   * @throws IOException when a footer cannot be read (the plan is made here, for EXPLAIN)
   */
  public StatisticsAggregateSource(QvrTableSource table, List<StatisticsCall> calls, Expression filter)
      throws IOException {
    this.table = table;
    this.calls = List.copyOf(calls);
    this.filter = filter;
    this.planned = StatisticsAggregateScan.plan(table.files(), calls, filter);
    this.schema = planned.fromStatistics().schema();
  }

  /** Whether every call over {@code table} can be answered this way. */
  public static boolean supports(QvrTableSource table, List<StatisticsCall> calls) {
    return StatisticsAggregateScan.supports(calls, table.schema());
  }

  /** What the footers said at planning. */
  public StatisticsAggregatePlan planned() {
    return planned;
  }

  public List<StatisticsCall> calls() {
    return calls;
  }

  public Expression filter() {
    return filter;
  }

  @Override
  public String name() {
    return "StatisticsAggregate[" + table.name() + ": " + calls + (filter == null ? "" : ", filter=" + filter) + ", "
        + planned.describe() + "]";
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public long rowCount() {
    return 1 + (planned.rowsScanned() + 131_071) / 131_072;
  }

  @Override
  public boolean evaluatesFilters() {
    return true;
  }

  @Override
  public MorselSource open(List<String> columns, Expression ignored, long limit, ExecutionContext context)
      throws IOException {
    // a plan that scans nothing is the answer already: the footers it came from are not read twice
    StatisticsAggregateScan scan = planned.zonesScanned() == 0
        ? StatisticsAggregateScan.fromStatisticsOnly(calls, planned)
        : StatisticsAggregateScan.open(table.files(), calls, filter, context.sourceAllocator(),
            context.threads());
    return new Morsels(scan, table.name());
  }

  @Override
  public String toString() {
    return name();
  }

  /** The statistics row, then one morsel per scanned split. */
  private static final class Morsels implements MorselSource {
    private final StatisticsAggregateScan scan;
    private final OperatorMetrics metrics;
    private final AtomicBoolean statisticsTaken = new AtomicBoolean();

    Morsels(StatisticsAggregateScan scan, String table) {
      this.scan = scan;
      StatisticsAggregatePlan plan = scan.plan();
      this.metrics = new OperatorMetrics("StatisticsAggregate", table + " (" + plan.describe() + ", "
          + scan.splitCount() + " splits)");
      metrics.include(() -> new MetricsSnapshot(List.of(
          new Metric("zones.statistics", Metric.Kind.COUNT, plan.zonesFromStatistics()),
          new Metric("zones.scanned", Metric.Kind.COUNT, plan.zonesScanned()),
          new Metric("zones.pruned", Metric.Kind.COUNT, plan.zonesPruned()),
          new Metric("files.footer", Metric.Kind.COUNT, plan.filesFromFooter()))));
      metrics.include(() -> scan.scanMetrics().prefixed("scan"));
    }

    @Override
    public Morsel next(ExecutionContext context) {
      if (statisticsTaken.compareAndSet(false, true)) {
        return new OneRow(() -> scan.statisticsPart(context.sourceAllocator()));
      }
      Split split = scan.next();
      if (split == null) {
        return null;
      }
      return new OneRow(() -> scan.run(split, context.sourceAllocator()));
    }

    @Override
    public double progress() {
      int total = scan.splitCount() + 1;
      return Math.min(1.0, (double) (scan.splitsTaken() + (statisticsTaken.get() ? 1 : 0)) / total);
    }

    @Override
    public OperatorMetrics metrics() {
      return metrics;
    }

    @Override
    public void close() {
      scan.close();
    }

    /** A morsel of one state row, made when first asked. */
    private final class OneRow implements Morsel {
      private final RowMaker maker;
      private boolean done;

      OneRow(RowMaker maker) {
        this.maker = maker;
      }

      @Override
      public Batch next() throws IOException {
        if (done) {
          return null;
        }
        done = true;
        long started = metrics.time.start();
        Batch row = maker.make();
        metrics.time.stop(started);
        metrics.output(row.rowCount());
        return row;
      }

      @Override
      public void close() {
        done = true;
      }
    }
  }

  /** Makes one state row. */
  @FunctionalInterface
  private interface RowMaker {
    Batch make() throws IOException;
  }
}
