package dev.quiver.bench.sql;

import dev.quiver.bench.run.Arm;
import dev.quiver.bench.run.Measurer;
import dev.quiver.bench.run.RunEnvironment;
import dev.quiver.bench.run.SuiteRunner;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A SQL suite's measurements: every chosen query on every system at every thread count, each
 * measurement in its own JVM or, hot ({@code --jvm suite}), in one long-lived JVM per system
 * ({@link SuiteRunner}), DuckDB on its own tables first: it is the
 * reference every answer is checked against (row counts on every run, the whole answer with
 * {@link SqlAnswerCheck} in each warm-up JVM).
 */
public final class SqlSuite {
  /** Parameters of a measurement (read by {@link SqlWorkloads}). */
  public static final String DIRECTORY = "directory";
  public static final String TABLE = "table";
  public static final String MEMORY_LIMIT = "memoryLimit";

  private SqlSuite() {}

  /** The suite's runner: DuckDB's own tables are the reference, whole answers compared shape-aware. */
  public static SuiteRunner runner(SqlQueries queries, Measurer measurer, RunEnvironment environment, int runs,
      int warmupPasses, PrintWriter log) {
    return new SuiteRunner(measurer, environment, queries.suite(), SqlSystem.DUCKDB.label(), runs, warmupPasses, 0,
        log, new SqlAnswerCheck());
  }

  /**
   * The arms for these subjects, systems and thread counts over a generated table (DuckDB's own
   * tables always, first in every group).
   *
   * @param dataParameters what identifies the data (rows, seed), for the results file
   * @param memoryLimit Quiver's per-query memory limit in bytes (0: the session's default)
   */
  public static List<Arm> arms(SqlQueries queries, List<String> subjects, Set<SqlSystem> systems,
      List<Integer> threads, GeneratedData data, Map<String, String> dataParameters, long memoryLimit) {
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put(DIRECTORY, data.directory().toString());
    parameters.put(TABLE, data.table());
    parameters.put(MEMORY_LIMIT, Long.toString(memoryLimit));
    return arms(subjects, systems, threads, data.table(), dataParameters, parameters);
  }

  /**
   * The arms for these subjects, systems and thread counts (DuckDB's own tables always, first in
   * every group), each with the data set's name and parameters and what the measurement needs.
   */
  public static List<Arm> arms(List<String> subjects, Set<SqlSystem> systems, List<Integer> threads, String dataset,
      Map<String, String> dataParameters, Map<String, String> parameters) {
    List<SqlSystem> ordered = new ArrayList<>(systems.isEmpty() ? EnumSet.noneOf(SqlSystem.class)
        : EnumSet.copyOf(systems));
    ordered.remove(SqlSystem.DUCKDB);
    ordered.add(0, SqlSystem.DUCKDB);
    List<Arm> arms = new ArrayList<>();
    for (String subject : subjects) {
      for (int threadCount : threads) {
        for (SqlSystem system : ordered) {
          arms.add(new Arm(dataset, dataParameters, subject, system.label(), threadCount, parameters));
        }
      }
    }
    return arms;
  }
}
