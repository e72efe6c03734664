package dev.quiver.bench;

import dev.quiver.bench.run.ChildJvm;
import dev.quiver.bench.run.PersistentJvm;
import dev.quiver.bench.run.SuiteRunner;
import dev.quiver.bench.sql.SqlSystem;
import dev.quiver.common.QuiverException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * The options every SQL suite ({@code tpch}, {@code tpcds}, {@code clickbench}, {@code fineweb-sql}) shares: where
 * data is kept, the systems, thread counts, whether to go on after a failure, Quiver's memory limit, and which JVMs
 * measure ({@code --jvm}). A picocli mixin.
 */
final class SqlRunOptions {
  /** {@code --jvm}: every measurement in a JVM of its own. */
  static final String PER_QUERY = "per-query";
  /** {@code --jvm}: one long-lived JVM per system, threads and data for the whole suite (hot runs). */
  static final String SUITE = "suite";

  @Option(names = "--data", paramLabel = "DIR",
      description = "Where data sets are generated once and reused (default: quiver-bench/target/bench-data).")
  Path data;

  @Option(names = "--systems", paramLabel = "S", split = ",",
      description = "Systems (default: all; duckdb, the reference, always runs): quiver, duckdb, duckdb-parquet.")
  List<String> systems;

  @Option(names = "--threads", paramLabel = "N", split = ",", defaultValue = "1,2",
      description = "Thread counts (default: ${DEFAULT-VALUE}).")
  List<Integer> threads;

  @Option(names = "--keep-going",
      description = "Record a failed query or a wrong answer (as FAILED or WRONG) and go on with the others (exit 1 at the end); by default the first one stops the run.")
  boolean keepGoing;

  @Option(names = "--memory-limit-mib", paramLabel = "MIB", defaultValue = "0",
      description = "Quiver's memory limit per query in MiB (default: the session's, 3/4 of the heap).")
  long memoryLimitMib;

  @Option(names = "--jvm", paramLabel = "MODE", defaultValue = SUITE,
      description = "Which JVMs measure (default: ${DEFAULT-VALUE}). suite: hot runs, one long-lived JVM per system, "
          + "threads and data runs every query: after each query's verifying warm-up in a JVM of its own (which also "
          + "records a fresh process's peak RSS) and --warmup-passes executions in the long-lived JVM, the --runs rounds "
          + "go over all queries, each run one execution, its peak RSS the long-lived process's (its resident baseline "
          + "included). per-query: every measurement in a JVM of its own (--warmup-passes, then one timed pass).")
  String jvm;

  /** The systems chosen (all by default). */
  Set<SqlSystem> systems() {
    Set<SqlSystem> measured = EnumSet.noneOf(SqlSystem.class);
    if (systems == null) {
      measured.addAll(List.of(SqlSystem.values()));
    } else {
      systems.forEach(name -> measured.add(SqlSystem.parse(name.strip())));
    }
    return measured;
  }

  /** Checks the thread counts and the memory limit; the data directory. */
  Path checkedDataDirectory() {
    if (threads.stream().anyMatch(count -> count < 1)) {
      throw QuiverException.user("--threads must be at least 1");
    }
    if (!jvm.equals(SUITE) && !jvm.equals(PER_QUERY)) {
      throw QuiverException.user("--jvm must be " + SUITE + " or " + PER_QUERY + ", not '" + jvm + "'");
    }
    if (memoryLimitMib < 0) {
      throw QuiverException.user("--memory-limit-mib must not be negative");
    }
    return data != null ? data : BenchOptions.repository().resolve("quiver-bench/target/bench-data");
  }

  /** The measurer of the JVMs of their own: every measurement with {@code --jvm per-query}, the verifying ones else. */
  static ChildJvm ownJvms() {
    return new ChildJvm(MeasureMain.class.getName(), List.of(ChildJvm.CALCITE_CHARSET));
  }

  /**
   * With {@code --jvm suite}, makes {@code runner} measure hot in long-lived JVMs and returns their
   * measurer (the caller closes it: {@link SuiteRunner#run} does too); null with {@code per-query}.
   */
  PersistentJvm persistentJvms(SuiteRunner runner) {
    if (!jvm.equals(SUITE)) {
      return null;
    }
    PersistentJvm persistent = new PersistentJvm(MeasureServer.class.getName(), List.of(ChildJvm.CALCITE_CHARSET));
    runner.persistent(persistent);
    return persistent;
  }
}
