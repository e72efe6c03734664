package dev.quiver.bench.tpch;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.run.Arm;
import dev.quiver.bench.run.SuiteRunner;
import dev.quiver.bench.scan.DataSet;
import dev.quiver.bench.scan.ScanSuite;
import dev.quiver.bench.sql.SqlAnswerCheck;
import dev.quiver.bench.sql.SqlSuite;
import dev.quiver.bench.sql.SqlSystem;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The TPC-H suite ({@code quiver bench tpch}): the 22 queries through SQL on Quiver (its {@code .qvr}
 * tables), DuckDB on its own tables and DuckDB on the same rows as Parquet. The data is made once
 * ({@link TpchDataPreparer}, in the scan suite's TPC-H directory for the scale); then every query on
 * every system at every thread count, each measurement in its own JVM or, hot ({@code --jvm suite}), in
 * one long-lived JVM per system ({@link SuiteRunner}), DuckDB
 * on its own tables first: it is the reference every answer is checked against (row counts on every
 * run, the whole answer with {@link SqlAnswerCheck} in each warm-up JVM, the ties a LIMIT cuts
 * checked against DuckDB's unlimited answer).
 */
public final class TpchSuite {
  public static final String SUITE = "tpch";
  /** Parameters of a measurement (read by {@link TpchWorkloads}). */
  public static final String DIRECTORY = "directory";
  public static final String MEMORY_LIMIT = "memoryLimit";

  private TpchSuite() {}

  /** The data directory for {@code scale}: the scan suite's TPC-H directory ({@code tpch-sfSF}). */
  public static Path directory(Path dataDirectory, double scale) {
    return ScanSuite.files(dataDirectory, DataSet.TPCH, new ScanSuite.Sizes(scale, 0, 0)).directory();
  }

  /**
   * The data directory for {@code scale}, sorted or not: sorted tables ({@code quiver generate tpch
   * --sorted}) live beside the scan suite's, in {@code tpch-sfSF-sorted}, so neither is taken for the
   * other.
   */
  public static Path directory(Path dataDirectory, double scale, boolean sorted) {
    Path unsorted = directory(dataDirectory, scale);
    return sorted ? unsorted.resolveSibling(unsorted.getFileName() + "-sorted") : unsorted;
  }

  /** The suite's runner: DuckDB's own tables are the reference, whole answers compared with a tolerance. */
  public static SuiteRunner runner(dev.quiver.bench.run.Measurer measurer,
      dev.quiver.bench.run.RunEnvironment environment, int runs, int warmupPasses, PrintWriter log) {
    return new SuiteRunner(measurer, environment, SUITE, SqlSystem.DUCKDB.label(), runs, warmupPasses, 0, log,
        new SqlAnswerCheck());
  }

  /** The arms for these queries, systems and thread counts (DuckDB's own tables first in every group). */
  public static List<Arm> arms(List<Integer> queries, Set<SqlSystem> systems, List<Integer> threads, TpchData data,
      double scale, long memoryLimit) {
    return arms(queries, systems, threads, data, scale, false, memoryLimit);
  }

  /** {@link #arms(List, Set, List, TpchData, double, long)}; sorted data is recorded as {@code sorted=true}. */
  public static List<Arm> arms(List<Integer> queries, Set<SqlSystem> systems, List<Integer> threads, TpchData data,
      double scale, boolean sorted, long memoryLimit) {
    Map<String, String> dataParameters = new LinkedHashMap<>();
    dataParameters.put("scale", String.format(Locale.ROOT, "%s", scale));
    if (sorted) {
      dataParameters.put("sorted", "true");
    }
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put(DIRECTORY, data.directory().toString());
    parameters.put(MEMORY_LIMIT, Long.toString(memoryLimit));
    List<String> subjects = queries.stream().map(TpchSql::subject).toList();
    return SqlSuite.arms(subjects, systems, threads, SUITE, dataParameters, parameters);
  }

  /** Prepares the data and measures; returns the records. */
  public static List<ResultRecord> run(Path dataDirectory, double scale, List<Integer> queries,
      Set<SqlSystem> systems, List<Integer> threads, long memoryLimit, SuiteRunner runner, BufferAllocator allocator,
      PrintWriter log) throws IOException {
    return run(dataDirectory, scale, false, queries, systems, threads, memoryLimit, runner, allocator, log);
  }

  /**
   * Prepares the data (sorted: lineitem by l_shipdate and orders by o_orderdate, the same sorted rows
   * in the {@code .qvr} files, the Parquet files and DuckDB's tables) and measures; returns the records.
   */
  public static List<ResultRecord> run(Path dataDirectory, double scale, boolean sorted, List<Integer> queries,
      Set<SqlSystem> systems, List<Integer> threads, long memoryLimit, SuiteRunner runner, BufferAllocator allocator,
      PrintWriter log) throws IOException {
    Set<SqlSystem> measured = EnumSet.copyOf(systems);
    measured.add(SqlSystem.DUCKDB);
    TpchData data = TpchDataPreparer.prepare(directory(dataDirectory, scale, sorted), scale, sorted, true, true,
        allocator, log);
    return runner.run(arms(queries, measured, threads, data, scale, sorted, memoryLimit));
  }
}
