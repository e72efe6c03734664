package dev.quiver.bench.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts one JVM per measurement (its main class, {@code dev.quiver.bench.MeasureMain} for the suites,
 * is given: that class uses this package) with this JVM's class path and the given options, and reads its result line. Each child's peak resident memory is then its own, and the JIT
 * profile holds only the measured system's code.
 */
public final class ChildJvm implements Measurer {
  /**
   * JVM options every child gets: Arrow's, a heap large enough for Parquet's reader, and the serial
   * collector, so that a one-thread measurement has no parallel collector threads working beside it
   * and the heap grows no more than needed (peak RSS is measured); transparent huge pages for the heap, as the
   * launcher runs Quiver (DuckDB's own memory is native: the flag leaves it as it is); the Vector API module for
   * the SIMD kernels, and this JVM's {@code quiver.simd} choice when it was given.
   */
  public static final List<String> DEFAULT_OPTIONS = defaultOptions();

  /** What the children that plan SQL need (Calcite's default charset, as the launcher sets it). */
  public static final String CALCITE_CHARSET = "-Dcalcite.default.charset=UTF-8";
  private static final long TIMEOUT_MINUTES = 30;

  /** What the child prints before its {@link MeasureResult} as JSON, on a line of its own. */
  public static final String RESULT_PREFIX = "QUIVER-BENCH-RESULT ";

  private final String mainClass;
  private final List<String> options;
  private final ObjectMapper json = new ObjectMapper();

  /**
   * @param mainClass the child's main class, which prints {@link #RESULT_PREFIX} and the result
   * @param extraOptions options after {@link #DEFAULT_OPTIONS} (system properties the workloads read)
   */
  public ChildJvm(String mainClass, List<String> extraOptions) {
    this.mainClass = mainClass;
    this.options = new ArrayList<>(DEFAULT_OPTIONS);
    this.options.addAll(extraOptions);
  }

  private static List<String> defaultOptions() {
    List<String> options = new ArrayList<>(List.of("--add-modules=jdk.incubator.vector",
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Darrow.allocation.manager.type=Unsafe", "-Xmx2g",
        "-XX:+UseSerialGC", "-XX:+UseTransparentHugePages"));
    String simd = System.getProperty("quiver.simd");
    if (simd != null) {
      options.add("-Dquiver.simd=" + simd);
    }
    return List.copyOf(options);
  }

  /** The options children get. */
  @Override
  public List<String> options() {
    return List.copyOf(options);
  }

  /** The command that starts a JVM like this one (its java, its class path) with {@code options} running {@code mainClass}. */
  static List<String> command(List<String> options, String mainClass) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(options);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass);
    return command;
  }

  /** Runs {@code request} in a new JVM and returns what it measured. */
  @Override
  public MeasureResult run(MeasureRequest request) throws IOException {
    List<String> command = command(options, mainClass);
    command.add(json.writeValueAsString(request));
    Path errors = Files.createTempFile("quiver-bench-child", ".err");
    try {
      Process process = new ProcessBuilder(command).redirectError(errors.toFile()).start();
      process.getOutputStream().close();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw failure(request, "did not finish in " + TIMEOUT_MINUTES + " minutes", errors);
      }
      for (String line : output.split("\n")) {
        if (line.startsWith(RESULT_PREFIX) && process.exitValue() == 0) {
          return json.readValue(line.substring(RESULT_PREFIX.length()), MeasureResult.class);
        }
      }
      throw failure(request, "exited with " + process.exitValue() + " and no result", errors);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while measuring " + describe(request));
    } finally {
      Files.deleteIfExists(errors);
    }
  }

  private static QuiverException failure(MeasureRequest request, String what, Path errors) throws IOException {
    List<String> lines = Files.readAllLines(errors, StandardCharsets.UTF_8);
    List<String> tail = lines.subList(Math.max(0, lines.size() - 25), lines.size());
    return new QuiverException(ErrorCode.INTERNAL, "the measurement of " + describe(request) + " " + what
        + (tail.isEmpty() ? "" : "; its standard error ends:\n  " + String.join("\n  ", tail)));
  }

  /** {@code system on subject, N threads}. */
  public static String describe(MeasureRequest request) {
    return request.system() + " on " + request.subject() + ", " + request.threads() + " thread"
        + (request.threads() == 1 ? "" : "s");
  }
}
