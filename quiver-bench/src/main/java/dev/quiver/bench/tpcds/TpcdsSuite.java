package dev.quiver.bench.tpcds;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.run.Arm;
import dev.quiver.bench.run.SuiteRunner;
import dev.quiver.bench.sql.SqlDataPreparer;
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
 * The TPC-DS suite ({@code quiver bench tpcds}): the 99 queries ({@link TpcdsSql}) through SQL on Quiver
 * (its {@code .qvr} tables), DuckDB on its own tables and DuckDB on the same rows as Parquet, measured
 * and checked as the TPC-H suite is ({@link SqlSuite}: each measurement in its own JVM or, hot, in one
 * long-lived JVM per system, DuckDB on its own tables first, the reference every answer is checked against). The data is made once in
 * {@code DIR/tpcds-sfSF/} ({@link SqlDataPreparer#prepareTables}).
 */
public final class TpcdsSuite {
  public static final String SUITE = "tpcds";
  /** Parameters of a measurement (read by {@link TpcdsWorkloads}). */
  public static final String DIRECTORY = "directory";
  public static final String MEMORY_LIMIT = SqlSuite.MEMORY_LIMIT;

  private TpcdsSuite() {}

  /** The data directory for {@code scale}: {@code tpcds-sf1} for 1, {@code tpcds-sf0.1} for 0.1. */
  public static Path directory(Path dataDirectory, double scale) {
    String label = scale == Math.rint(scale) ? Long.toString((long) scale) : String.format(Locale.ROOT, "%s", scale);
    return dataDirectory.resolve("tpcds-sf" + label);
  }

  /** The arms for these queries, systems and thread counts (DuckDB's own tables first in every group). */
  public static List<Arm> arms(List<Integer> queries, Set<SqlSystem> systems, List<Integer> threads, TpcdsData data,
      double scale, long memoryLimit) {
    Map<String, String> dataParameters = new LinkedHashMap<>();
    dataParameters.put("scale", String.format(Locale.ROOT, "%s", scale));
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put(DIRECTORY, data.directory().toString());
    parameters.put(MEMORY_LIMIT, Long.toString(memoryLimit));
    List<String> subjects = queries.stream().map(TpcdsSql::subject).toList();
    return SqlSuite.arms(subjects, systems, threads, SUITE, dataParameters, parameters);
  }

  /** Prepares the data (the missing files only) and measures; returns the records. */
  public static List<ResultRecord> run(Path dataDirectory, double scale, List<Integer> queries,
      Set<SqlSystem> systems, List<Integer> threads, long memoryLimit, SuiteRunner runner, BufferAllocator allocator,
      PrintWriter log) throws IOException {
    Set<SqlSystem> measured = EnumSet.copyOf(systems);
    measured.add(SqlSystem.DUCKDB);
    TpcdsData data = new TpcdsData(directory(dataDirectory, scale));
    SqlDataPreparer.prepareTables(data,
        List.of("generate", "tpcds", "--scale", String.format(Locale.ROOT, "%s", scale)),
        true, true, allocator, log);
    return runner.run(arms(queries, measured, threads, data, scale, memoryLimit));
  }
}
