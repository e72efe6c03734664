package dev.quiver.scan;

import dev.quiver.common.QuiverException;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.storage.CoalescingPolicy;
import dev.quiver.scan.execution.ScanArrowReader;
import dev.quiver.scan.execution.ScanResult;
import dev.quiver.scan.execution.ScanTasks;
import dev.quiver.scan.plan.ScanPlan;
import dev.quiver.scan.plan.SplitPlanner;
import dev.quiver.scan.plan.SplitStrategy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A scan of a {@code .qvr} file, or of a folder of {@code .qvr} files with one schema (a table; files
 * in name order). Built fluently, then {@link #open} runs it:
 *
 * <pre>{@code
 * try (ScanResult result = Scan.of(path).columns("l_orderkey", "l_comment")
 *     .filter("l_shipdate >= DATE '1994-01-01'").threads(2).open(allocator)) {
 *   for (VectorSchemaRoot batch : (Iterable<VectorSchemaRoot>) () -> result) { try (batch) { ... } }
 * }
 * }</pre>
 *
 * Defaults: every column, no filter, splits by layout of at most 131,072 rows, as many threads as
 * cores, a window of twice the threads, ordered output, shared decodes, coalesced reads.
 */
public final class Scan {
  private final List<Path> paths;
  private List<String> columns;
  private Expression filter;
  private String filterText;
  private SplitStrategy splits = SplitStrategy.DEFAULT;
  private int threads = Runtime.getRuntime().availableProcessors();
  private int window;
  private boolean ordered = true;
  private long limit = -1;
  private long[] rowRange;
  private long[] rows;
  private boolean shareDecodes = true;
  private CoalescingPolicy coalescing = CoalescingPolicy.DEFAULT;

  private Scan(List<Path> paths) {
    this.paths = paths;
  }

  /** A file, or a folder of {@code .qvr} files read as one table. */
  public static Scan of(Path path) throws IOException {
    if (!Files.isDirectory(path)) {
      if (!Files.exists(path)) {
        throw QuiverException.user(path + ": no such file or folder");
      }
      return new Scan(List.of(path));
    }
    try (Stream<Path> listing = Files.list(path)) {
      List<Path> files = listing.filter(file -> file.getFileName().toString().endsWith(".qvr")).sorted().toList();
      if (files.isEmpty()) {
        throw QuiverException.user(path + ": the folder holds no .qvr file");
      }
      return new Scan(files);
    }
  }

  /** Files read as one table, in this order. */
  public static Scan of(List<Path> files) {
    if (files.isEmpty()) {
      throw QuiverException.user("a scan needs at least one file");
    }
    return new Scan(List.copyOf(files));
  }

  public Scan columns(String... names) {
    return columns(Arrays.asList(names));
  }

  /** The columns to return, in this order (default: all; an empty list returns row counts only). */
  public Scan columns(List<String> names) {
    this.columns = List.copyOf(names);
    return this;
  }

  public Scan filter(Expression expression) {
    this.filter = expression;
    this.filterText = null;
    return this;
  }

  /** A filter in SQL syntax, parsed against the table's schema when the scan opens. */
  public Scan filter(String sql) {
    this.filterText = sql;
    this.filter = null;
    return this;
  }

  public Scan splitBy(SplitStrategy strategy) {
    this.splits = strategy;
    return this;
  }

  public Scan threads(int count) {
    if (count < 1 || count > 1024) {
      throw QuiverException.user("threads " + count + " must be between 1 and 1024");
    }
    this.threads = count;
    return this;
  }

  /** Splits in flight or waiting for the consumer, at most (default: twice the threads). */
  public Scan window(int splitsInFlight) {
    if (splitsInFlight < 1) {
      throw QuiverException.user("window " + splitsInFlight + " must be at least 1");
    }
    this.window = splitsInFlight;
    return this;
  }

  /** Batches in row order (default) or as splits finish. */
  public Scan ordered(boolean inRowOrder) {
    this.ordered = inRowOrder;
    return this;
  }

  public Scan limit(long maximumRows) {
    if (maximumRows < 0) {
      throw QuiverException.user("limit " + maximumRows + " must be at least 0");
    }
    this.limit = maximumRows;
    return this;
  }

  /** Table rows {@code [start, end)} only. */
  public Scan rowRange(long start, long end) {
    if (start < 0 || end < start) {
      throw QuiverException.user("row range " + start + ".." + end + " is empty or negative");
    }
    this.rowRange = new long[] {start, end};
    return this;
  }

  /** Only these table rows (random access: a take), returned in row order; duplicates once. */
  public Scan rows(long... indexes) {
    for (long index : indexes) {
      if (index < 0) {
        throw QuiverException.user("row index " + index + " is negative");
      }
    }
    this.rows = indexes.clone();
    return this;
  }

  /** Whether splits share one decode per chunk (default); off decodes per split, for comparison. */
  public Scan shareDecodes(boolean share) {
    this.shareDecodes = share;
    return this;
  }

  public Scan coalescing(CoalescingPolicy policy) {
    this.coalescing = policy;
    return this;
  }

  /** Plans the scan (reading only footers), without running it. */
  public ScanPlan plan() throws IOException {
    List<QuiverFile> files = openFiles();
    try {
      return plan(files);
    } finally {
      for (QuiverFile file : files) {
        file.close();
      }
    }
  }

  /** Runs the scan; the result owns its files and must be closed. */
  public ScanResult open(BufferAllocator allocator) throws IOException {
    List<QuiverFile> files = openFiles();
    try {
      ScanPlan plan = plan(files);
      return new ScanResult(plan, files, allocator, threads, window > 0 ? window : Math.max(2, 2 * threads), ordered,
          limit, shareDecodes);
    } catch (IOException | RuntimeException failure) {
      for (QuiverFile file : files) {
        file.close();
      }
      throw failure;
    }
  }

  /**
   * Plans the scan and hands its splits to the caller's threads (morsel-driven: each thread takes
   * the next split and runs it on itself); the tasks own their files and must be closed.
   */
  public ScanTasks openTasks(BufferAllocator allocator) throws IOException {
    List<QuiverFile> files = openFiles();
    try {
      return new ScanTasks(plan(files), files, allocator, shareDecodes, threads);
    } catch (IOException | RuntimeException failure) {
      for (QuiverFile file : files) {
        file.close();
      }
      throw failure;
    }
  }

  /** Runs the scan as an Arrow reader (closing the reader closes the scan). */
  public ScanArrowReader openReader(BufferAllocator allocator) throws IOException {
    return new ScanArrowReader(open(allocator), allocator);
  }

  private ScanPlan plan(List<QuiverFile> files) {
    Schema schema = files.get(0).schema();
    List<String> projection = columns;
    if (projection == null) {
      projection = new ArrayList<>();
      for (Field field : schema.getFields()) {
        projection.add(field.getName());
      }
    }
    Expression expression = filter;
    if (filterText != null) {
      expression = Expressions.parse(filterText, schema);
    }
    return SplitPlanner.plan(files, projection, expression, splits, rowRange, rows);
  }

  private List<QuiverFile> openFiles() throws IOException {
    List<QuiverFile> files = new ArrayList<>();
    try {
      for (Path path : paths) {
        QuiverFile file = QuiverFile.open(path, coalescing);
        files.add(file);
        if (!file.schema().equals(files.get(0).schema())) {
          throw QuiverException
              .user(path + ": its schema differs from " + paths.get(0) + "'s; a table's files need one schema");
        }
      }
      return files;
    } catch (IOException | RuntimeException failure) {
      for (QuiverFile file : files) {
        file.close();
      }
      throw failure;
    }
  }
}
