package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options {@code generate clickbench} and {@code generate fineweb} share (a picocli mixin). */
final class GenerateSyntheticOptions {
  @Option(names = "--out", paramLabel = "DIR", required = true,
      description = "Directory for the file (created if missing).")
  Path directory;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42",
      description = "Random seed: the same seed, the same file (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--threads", paramLabel = "N", description = "Generator threads (default: the available cores).")
  Integer threads;

  /** The thread count, checked. */
  int threadCount() {
    int count = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (count < 1) {
      throw QuiverException.user("--threads must be at least 1, not " + count);
    }
    return count;
  }

  static long checkRows(long rows) {
    if (rows < 1 || rows > 10_000_000_000L) {
      throw QuiverException.user("--rows must be from 1 to 10000000000, not " + rows);
    }
    return rows;
  }
}
