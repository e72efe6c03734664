package dev.quiver.bench;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Options every {@code quiver bench} suite takes (a picocli mixin). */
final class BenchOptions {
  @Option(names = "--results", paramLabel = "FILE",
      description = "The JSON-lines results file this run appends to (default: docs/bench/results.jsonl in the repository).")
  Path results;

  @Option(names = "--runs", paramLabel = "N", defaultValue = "5",
      description = "Measured runs per system, query and thread count, after one warm-up JVM (default: ${DEFAULT-VALUE}); "
          + "each run a JVM of its own, or with the SQL suites' --jvm suite one execution in a long-lived JVM.")
  int runs;

  @Option(names = "--warmup-passes", paramLabel = "N", defaultValue = "1",
      description = "Passes each measurement JVM runs before its measured pass (default: ${DEFAULT-VALUE}); with the "
          + "SQL suites' --jvm suite, the executions of each query in its long-lived JVM before the measured rounds.")
  int warmupPasses;

  /** The repository the launcher runs from (system property quiver.root), else the working directory. */
  static Path repository() {
    return Path.of(System.getProperty("quiver.root", ".")).toAbsolutePath().normalize();
  }

  Path resultsFile() {
    return results != null ? results : repository().resolve("docs/bench/results.jsonl");
  }
}
