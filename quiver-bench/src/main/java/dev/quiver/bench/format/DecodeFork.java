package dev.quiver.bench.format;

import dev.quiver.common.memory.Allocators;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.ParquetReadOptions;

/**
 * One decoder measured in a JVM of its own (started by {@link FormatBenchmark}, as JMH forks): the
 * JIT compiler's profile then holds only this decoder's classes. Measured here: the Parquet reader's
 * speed differs by 2 to 3 times from one JVM to the next (steady within a JVM: the JIT compiler's
 * choices for parquet-java's value-at-a-time readers), and drops when other decoders ran before it in
 * the same JVM; so each decoder runs in several forks of its own and every fork is reported.
 *
 * <p>Arguments: {@code KIND PATH WARMUPS ROUNDS} with KIND {@code qvr}, {@code parquet} (one-call zstd
 * pages) or {@code parquet-library} (parquet-java's default codec path). Prints one line per measured
 * round: {@code round WALL_NANOS CPU_NANOS VALUES}.
 */
public final class DecodeFork {
  private DecodeFork() {}

  /** What a fork measured: wall and thread CPU nanoseconds per round, and the values decoded. */
  record Result(long[] wallNanos, long[] cpuNanos, long values) {}

  public static void main(String[] arguments) throws IOException {
    String kind = arguments[0];
    Path path = Path.of(arguments[1]);
    int warmups = Integer.parseInt(arguments[2]);
    int rounds = Integer.parseInt(arguments[3]);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    try (BufferAllocator allocator = Allocators.newRoot()) {
      for (int round = -warmups; round < rounds; round++) {
        System.gc();
        long cpuStarted = threads.getCurrentThreadCpuTime();
        long started = System.nanoTime();
        long values = run(kind, path, allocator);
        long wall = System.nanoTime() - started;
        long cpu = threads.getCurrentThreadCpuTime() - cpuStarted;
        if (round >= 0) {
          System.out.printf(Locale.ROOT, "round %d %d %d%n", wall, cpu, values);
        }
      }
    }
  }

  private static long run(String kind, Path path, BufferAllocator allocator) throws IOException {
    switch (kind) {
      case "qvr":
        return DecodeRuns.quiver(path, allocator, null);
      case "parquet":
        return DecodeRuns.parquet(path, allocator, null);
      case "parquet-library":
        return DecodeRuns.parquet(path, allocator, null, ParquetReadOptions.builder().build());
      default:
        throw new IllegalArgumentException("unknown decoder " + kind);
    }
  }

  /** Runs a fork with this JVM's flags and class path and collects its rounds. */
  static Result fork(String kind, Path path, int warmups, int rounds) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(DecodeFork.class.getName());
    command.add(kind);
    command.add(path.toString());
    command.add(Integer.toString(warmups));
    command.add(Integer.toString(rounds));
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    List<String> lines = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
        .filter(line -> line.startsWith("round ")).toList();
    try {
      if (process.waitFor() != 0 || lines.size() != rounds) {
        throw new IOException("the " + kind + " decode fork failed (exit " + process.exitValue() + ")");
      }
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", interrupted);
    }
    long[] wall = new long[rounds];
    long[] cpu = new long[rounds];
    long values = 0;
    for (int i = 0; i < rounds; i++) {
      String[] parts = lines.get(i).split(" ");
      wall[i] = Long.parseLong(parts[1]);
      cpu[i] = Long.parseLong(parts[2]);
      values = Long.parseLong(parts[3]);
    }
    return new Result(wall, cpu, values);
  }
}
