package dev.quiver.bench;

import dev.quiver.bench.sql.SqlSystem;
import dev.quiver.common.QuiverException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * The options every SQL suite ({@code tpch}, {@code clickbench}, {@code fineweb-sql}) shares: where data is kept,
 * the systems, thread counts, whether to go on after a failure, Quiver's memory limit. A picocli mixin.
 */
final class SqlRunOptions {
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
    if (memoryLimitMib < 0) {
      throw QuiverException.user("--memory-limit-mib must not be negative");
    }
    return data != null ? data : BenchOptions.repository().resolve("quiver-bench/target/bench-data");
  }
}
