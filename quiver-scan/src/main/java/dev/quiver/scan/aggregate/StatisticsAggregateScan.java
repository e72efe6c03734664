package dev.quiver.scan.aggregate;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.expression.Expression;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.scan.execution.ScanTasks;
import dev.quiver.scan.execution.SplitSummary;
import dev.quiver.scan.plan.ChunkPiece;
import dev.quiver.scan.plan.RowRange;
import dev.quiver.scan.plan.ScanPlan;
import dev.quiver.scan.plan.Split;
import dev.quiver.scan.plan.SplitFile;
import dev.quiver.scan.plan.SplitPlanner;
import dev.quiver.scan.plan.SplitStrategy;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An aggregate without GROUP BY over a {@code .qvr} table answered from zone statistics where they
 * suffice: {@link #statisticsPart} is the state of every zone (or file) the footers answer, read
 * from them without touching a data segment; the zones left ({@link StatisticsAggregatePlan#scanned})
 * are scanned by the ordinary split machinery ({@link ScanTasks}: the filter evaluated, decodes
 * shared), one split at a time on the caller's thread ({@link #next}, {@link #run}), each giving the
 * state of its rows. The states are rows of one {@link #schema}; the engine merges them. Opens the
 * files once, at {@link #open}: the statistics and the scanned rows come from the same open file
 * ({@link #fromStatisticsOnly}: a plan already made that scans nothing needs no file).
 * Thread-safe for {@link #next}/{@link #run}.
 */
public final class StatisticsAggregateScan implements AutoCloseable {
  /** Rows of one scanned split at most (zone-aligned), as the ordinary scan's default. */
  static final long SPLIT_ROWS = SplitStrategy.DEFAULT.rows();

  private final List<StatisticsCall> calls;
  private final StatisticsAggregatePlan plan;
  private final ScanTasks tasks;
  private final int[] columns;
  /**
   * Whether scanned splits are summed on the columns' encoded segments ({@link EncodedAggregation}):
   * every call is COUNT(*) or over an integer-like column, and {@code -Dquiver.statistics.encodedSums}
   * is not false.
   */
  private final boolean summable;

  private StatisticsAggregateScan(List<StatisticsCall> calls, StatisticsAggregatePlan plan, ScanTasks tasks,
      int[] columns) {
    this.calls = calls;
    this.plan = plan;
    this.tasks = tasks;
    this.columns = columns;
    this.summable = tasks != null && EncodedAggregation.applies(calls, tasks.plan().outputSchema());
  }

  /** Whether every call is answerable over {@code schema} (else the aggregate stays on the normal path). */
  public static boolean supports(List<StatisticsCall> calls, Schema schema) {
    for (StatisticsCall call : calls) {
      ArrowType type = null;
      if (call.column() != null) {
        try {
          type = schema.findField(call.column()).getType();
        } catch (IllegalArgumentException missing) {
          return false;
        }
      }
      if (!StatisticsCall.supports(call.function(), type)) {
        return false;
      }
    }
    return true;
  }

  /** Plans without running (footers only; for EXPLAIN). */
  public static StatisticsAggregatePlan plan(List<Path> paths, List<StatisticsCall> calls, Expression filter)
      throws IOException {
    List<QuiverFile> files = openFiles(paths);
    try {
      return StatisticsAggregatePlanner.plan(files, calls, filter);
    } finally {
      closeFiles(files);
    }
  }

  /**
   * The answer of a plan that scans nothing ({@link StatisticsAggregatePlan#zonesScanned} 0): the
   * statistics part alone, without opening a file again (the plan was read from the footers).
   */
  public static StatisticsAggregateScan fromStatisticsOnly(List<StatisticsCall> calls, StatisticsAggregatePlan plan) {
    if (plan.zonesScanned() != 0) {
      throw new IllegalArgumentException("the plan scans " + plan.zonesScanned() + " zones");
    }
    return new StatisticsAggregateScan(List.copyOf(calls), plan, null, new int[calls.size()]);
  }

  /** Opens the files, plans, and prepares the scan of the zones statistics do not answer. */
  public static StatisticsAggregateScan open(List<Path> paths, List<StatisticsCall> calls, Expression filter,
      BufferAllocator allocator, int threads) throws IOException {
    List<QuiverFile> files = openFiles(paths);
    try {
      StatisticsAggregatePlan plan = StatisticsAggregatePlanner.plan(files, calls, filter);
      LinkedHashSet<String> projected = new LinkedHashSet<>();
      for (StatisticsCall call : calls) {
        if (call.column() != null) {
          projected.add(call.column());
        }
      }
      List<String> projection = List.copyOf(projected);
      int[] columns = new int[calls.size()];
      for (int c = 0; c < calls.size(); c++) {
        columns[c] = calls.get(c).column() == null ? -1 : projection.indexOf(calls.get(c).column());
      }
      ScanPlan scanPlan = scanPlan(files, plan, projection, filter);
      return new StatisticsAggregateScan(List.copyOf(calls), plan,
          new ScanTasks(scanPlan, files, allocator, true, threads),
          columns);
    } catch (IOException | RuntimeException failure) {
      closeFiles(files);
      throw failure;
    }
  }

  /** The scanned zones as one plan: zone-aligned splits of at most {@link #SPLIT_ROWS} rows. */
  private static ScanPlan scanPlan(List<QuiverFile> files, StatisticsAggregatePlan plan, List<String> projection,
      Expression filter) {
    List<SplitFile> splitFiles = new ArrayList<>();
    List<Split> splits = new ArrayList<>();
    List<List<List<ChunkPiece>>> pieces = new ArrayList<>();
    ScanPlan shape = null;
    for (int f = 0; f < files.size(); f++) {
      QuiverFile file = files.get(f);
      SplitFile splitFile = SplitFile.of(file);
      splitFiles.add(splitFile);
      for (List<RowRange> group : groups(plan.scanned().get(f))) {
        long start = group.get(0).start();
        long end = group.get(group.size() - 1).end();
        ScanPlan one = SplitPlanner.planSplit(file, projection, filter, new Split(0, splitFile, start, end, group,
            null));
        shape = one;
        splits.add(new Split(splits.size(), splitFile, start, end, group, null));
        pieces.add(one.pieces(one.splits().get(0)));
      }
    }
    if (shape == null) {
      shape = SplitPlanner.plan(files.subList(0, 1), projection, filter, SplitStrategy.DEFAULT, new long[] {0, 0},
          null);
    }
    return new ScanPlan(shape.tableSchema(), shape.outputSchema(), shape.touchedColumns(), filter, splitFiles, splits,
        pieces, 0, 0);
  }

  /** The ranges cut into splits: consecutive ranges gathered while they span at most SPLIT_ROWS rows. */
  private static List<List<RowRange>> groups(List<RowRange> ranges) {
    List<List<RowRange>> groups = new ArrayList<>();
    List<RowRange> current = new ArrayList<>();
    for (RowRange range : ranges) {
      for (long start = range.start(); start < range.end(); start += SPLIT_ROWS) {
        RowRange piece = new RowRange(start, Math.min(range.end(), start + SPLIT_ROWS), range.allMatch());
        if (!current.isEmpty() && piece.end() - current.get(0).start() > SPLIT_ROWS) {
          groups.add(current);
          current = new ArrayList<>();
        }
        current.add(piece);
      }
    }
    if (!current.isEmpty()) {
      groups.add(current);
    }
    return groups;
  }

  public StatisticsAggregatePlan plan() {
    return plan;
  }

  /** The shape of every state row. */
  public Schema schema() {
    return plan.fromStatistics().schema();
  }

  /** The state of the rows statistics answer, as one row owned by the caller. */
  public Batch statisticsPart(BufferAllocator allocator) {
    return Batch.of(plan.fromStatistics().write(allocator));
  }

  /** The next split to scan, or null when all were taken. */
  public Split next() {
    return tasks == null ? null : tasks.next();
  }

  /** Scans a split taken with {@link #next} on this thread: the state of its selected rows, one row. */
  public Batch run(Split split, BufferAllocator allocator) throws IOException {
    PartialAggregate state = plan.fromStatistics().empty();
    if (summable) {
      SplitSummary summary = tasks.summarize(split, columns);
      if (summary.summarized()) {
        EncodedAggregation.add(state, summary);
      } else {
        try (Batch batch = summary.batch()) {
          if (batch != null) {
            BatchAggregation.add(state, batch, columns);
          }
        }
      }
      return Batch.of(state.write(allocator));
    }
    try (Batch batch = tasks.run(split)) {
      if (batch != null) {
        BatchAggregation.add(state, batch, columns);
      }
    }
    return Batch.of(state.write(allocator));
  }

  public int splitCount() {
    return tasks == null ? 0 : tasks.splitCount();
  }

  public int splitsTaken() {
    return tasks == null ? 0 : tasks.splitsTaken();
  }

  /** The scan of the remaining zones' metrics (segments requested, decodes, rows); empty when it scans nothing. */
  public MetricsSnapshot scanMetrics() {
    return tasks == null ? new MetricsSnapshot(List.of()) : tasks.metrics().snapshot();
  }

  public List<StatisticsCall> calls() {
    return calls;
  }

  @Override
  public void close() {
    if (tasks != null) {
      tasks.close();
    }
  }

  private static List<QuiverFile> openFiles(List<Path> paths) throws IOException {
    if (paths.isEmpty()) {
      throw QuiverException.user("an aggregate over a table needs at least one file");
    }
    List<QuiverFile> files = new ArrayList<>();
    try {
      for (Path path : paths) {
        QuiverFile file = QuiverFile.open(path);
        files.add(file);
        if (!file.schema().equals(files.get(0).schema())) {
          throw QuiverException.user(path + ": its schema differs from " + paths.get(0) + "'s; a table's files"
              + " need one schema");
        }
      }
      return files;
    } catch (IOException | RuntimeException failure) {
      closeFiles(files);
      throw failure;
    }
  }

  private static void closeFiles(List<QuiverFile> files) {
    for (QuiverFile file : files) {
      try {
        file.close();
      } catch (IOException ignored) {
        // read-only
      }
    }
  }
}
