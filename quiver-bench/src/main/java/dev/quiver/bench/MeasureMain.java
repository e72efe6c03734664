package dev.quiver.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quiver.bench.clickbench.ClickBenchSql;
import dev.quiver.bench.clickbench.FinewebSql;
import dev.quiver.bench.exchange.BlockDecodeWorkloads;
import dev.quiver.bench.run.MeasureRequest;
import dev.quiver.bench.run.MeasureResult;
import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.run.PeakMemory;
import dev.quiver.bench.run.Workload;
import dev.quiver.bench.run.WorkloadSession;
import dev.quiver.bench.scan.workloads.ScanWorkloads;
import dev.quiver.bench.sql.SqlWorkloads;
import dev.quiver.bench.tpcds.TpcdsSuite;
import dev.quiver.bench.tpcds.TpcdsWorkloads;
import dev.quiver.bench.tpch.TpchSuite;
import dev.quiver.bench.tpch.TpchWorkloads;
import dev.quiver.common.memory.Allocators;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The entry point of a measurement's own JVM (started by {@link dev.quiver.bench.run.ChildJvm}):
 * makes the workload named by the request (JSON, the only argument), runs the warm-up passes (the
 * first one computes the full check when asked), then the measured pass, timed with
 * {@link System#nanoTime()} around the workload alone; then reads the process's peak resident memory
 * and prints one line, {@value #RESULT_PREFIX} followed by the {@link MeasureResult} as JSON.
 */
public final class MeasureMain {
  public static final String RESULT_PREFIX = dev.quiver.bench.run.ChildJvm.RESULT_PREFIX;

  private MeasureMain() {}

  public static void main(String[] arguments) throws Exception {
    ObjectMapper json = new ObjectMapper();
    MeasureRequest request = json.readValue(arguments[0], MeasureRequest.class);
    PrintStream standardOutput = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    MeasureResult result;
    try (BufferAllocator root = Allocators.newRoot()) {
      result = measure(request, root);
    }
    standardOutput.println(RESULT_PREFIX + json.writeValueAsString(result));
    standardOutput.flush();
    System.exit(0);
  }

  /**
   * Makes the request's workload under {@code root} (which it leaves as it found it), runs the
   * warm-up passes and the measured pass, and reports: what this JVM's {@link #main} prints, and what
   * {@link InProcessMeasurer} returns.
   */
  static MeasureResult measure(MeasureRequest request, BufferAllocator root) throws Exception {
    Workload.Factory factory = factory(request.suite());
    try (BufferAllocator kept = root.newChildAllocator("workload", 0, Long.MAX_VALUE);
        BufferAllocator allocator = root.newChildAllocator("passes", 0, Long.MAX_VALUE);
        Workload workload = factory.create(request, kept)) {
      return passes(request, workload, allocator, false);
    }
  }

  /**
   * Runs the request's warm-up passes (the first one computes the full check when asked) and its
   * measured pass on {@code workload}, each under {@code allocator}, which must be empty after each.
   *
   * @param resetPeak whether the peak resident memory reported is that of the measured pass (the peak
   *     is reset before it: -1 where it cannot be) rather than the process's
   */
  static MeasureResult passes(MeasureRequest request, Workload workload, BufferAllocator allocator, boolean resetPeak)
      throws Exception {
    String checksum = null;
    int warmups = Math.max(request.warmupPasses(), request.verify() ? 1 : 0);
    for (int pass = 0; pass < warmups; pass++) {
      Timed warm = timed(workload, allocator, request.verify() && pass == 0, request.repeatMillis());
      if (pass == 0) {
        checksum = warm.checksum;
      }
    }
    boolean reset = resetPeak && PeakMemory.reset();
    Timed measured = timed(workload, allocator, false, request.repeatMillis());
    long peak = !resetPeak || reset ? PeakMemory.peakResidentBytes() : -1;
    return new MeasureResult(measured.nanos / (double) measured.operations, measured.operations, peak,
        measured.outcome.answer(), checksum, measured.outcome.details());
  }

  /**
   * How a persistent measurement JVM ({@link MeasureServer}) opens the sessions of {@code suite}: a
   * SQL suite's session makes the system's arm once for all its queries; the other suites make each
   * subject's workload as {@link #factory} does.
   */
  static WorkloadSession.Factory sessions(String suite) {
    switch (suite) {
      case TpchSuite.SUITE:
        return TpchWorkloads::session;
      case TpcdsSuite.SUITE:
        return TpcdsWorkloads::session;
      case ClickBenchSql.SUITE:
        return (request, kept) -> SqlWorkloads.session(ClickBenchSql.QUERIES, request, kept);
      case FinewebSql.SUITE:
        return (request, kept) -> SqlWorkloads.session(FinewebSql.QUERIES, request, kept);
      default:
        Workload.Factory factory = factory(suite);
        return (request, kept) -> WorkloadSession.perSubject(factory, kept);
    }
  }

  static Workload.Factory factory(String suite) {
    switch (suite) {
      case "scan":
        return ScanWorkloads::create;
      case "shuffle":
        return BlockDecodeWorkloads::create;
      case TpchSuite.SUITE:
        return TpchWorkloads::create;
      case TpcdsSuite.SUITE:
        return TpcdsWorkloads::create;
      case ClickBenchSql.SUITE:
        return (request, kept) -> SqlWorkloads.create(ClickBenchSql.QUERIES, request, kept);
      case FinewebSql.SUITE:
        return (request, kept) -> SqlWorkloads.create(FinewebSql.QUERIES, request, kept);
      default:
        throw new IllegalArgumentException("unknown suite " + suite);
    }
  }

  /** A pass: its time, operations, last outcome, and the first operation's checksum (the verified one). */
  private record Timed(long nanos, long operations, Outcome outcome, String checksum) {}

  /** One pass: the workload once, or repeated for at least {@code repeatMillis}. */
  private static Timed timed(Workload workload, BufferAllocator allocator, boolean verify, long repeatMillis)
      throws Exception {
    long started = System.nanoTime();
    Outcome outcome = workload.run(allocator, verify);
    String checksum = outcome.checksum();
    long operations = 1;
    long elapsed = System.nanoTime() - started;
    long budget = repeatMillis * 1_000_000L;
    while (elapsed < budget) {
      outcome = workload.run(allocator, false);
      operations++;
      elapsed = System.nanoTime() - started;
    }
    if (allocator.getAllocatedMemory() != 0) {
      throw new IllegalStateException(
          "the workload left " + allocator.getAllocatedMemory() + " bytes of Arrow memory allocated");
    }
    return new Timed(elapsed, operations, outcome, checksum);
  }
}
