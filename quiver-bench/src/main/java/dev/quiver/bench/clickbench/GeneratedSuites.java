package dev.quiver.bench.clickbench;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.run.SuiteRunner;
import dev.quiver.bench.sql.GeneratedData;
import dev.quiver.bench.sql.SqlDataPreparer;
import dev.quiver.bench.sql.SqlSuite;
import dev.quiver.bench.sql.SqlSystem;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The ClickBench and FineWeb SQL suites over generated tables: the data directory of a row count and
 * seed ({@code DIR/clickbench-rowsN-seedS/} with {@code hits.qvr}, {@code hits.parquet},
 * {@code hits.duckdb}; {@code DIR/fineweb-rowsN-seedS/} likewise), made once
 * ({@link SqlDataPreparer}) and reused, then the measurements ({@link SqlSuite}).
 */
public final class GeneratedSuites {
  private GeneratedSuites() {}

  /** The data of {@code queries}' suite at {@code rows} rows from {@code seed}. */
  public static GeneratedData data(GeneratedQueries queries, Path dataDirectory, long rows, long seed) {
    return new GeneratedData(dataDirectory.resolve(queries.dataSet() + "-rows" + rows + "-seed" + seed),
        queries.table());
  }

  /** Makes the files the chosen systems need, when missing. */
  public static GeneratedData prepare(GeneratedQueries queries, Path dataDirectory, long rows, long seed,
      Set<SqlSystem> systems, BufferAllocator allocator, PrintWriter log) throws IOException {
    GeneratedData data = data(queries, dataDirectory, rows, seed);
    List<String> generate = List.of("generate", queries.dataSet(), "--rows", Long.toString(rows), "--seed",
        Long.toString(seed));
    return SqlDataPreparer.prepare(data, generate, systems.contains(SqlSystem.DUCKDB_PARQUET), true, allocator, log);
  }

  /** What identifies the data in the results file. */
  public static Map<String, String> dataParameters(long rows, long seed) {
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put("rows", Long.toString(rows));
    parameters.put("seed", Long.toString(seed));
    return parameters;
  }

  /** Prepares the data and measures; returns the records. */
  public static List<ResultRecord> run(GeneratedQueries queries, Path dataDirectory, long rows, long seed,
      List<String> subjects, Set<SqlSystem> systems, List<Integer> threads, long memoryLimit, SuiteRunner runner,
      BufferAllocator allocator, PrintWriter log) throws IOException {
    Set<SqlSystem> measured = EnumSet.noneOf(SqlSystem.class);
    measured.addAll(systems);
    measured.add(SqlSystem.DUCKDB);
    GeneratedData data = prepare(queries, dataDirectory, rows, seed, measured, allocator, log);
    return runner.run(SqlSuite.arms(queries, subjects, measured, threads, data, dataParameters(rows, seed),
        memoryLimit));
  }
}
