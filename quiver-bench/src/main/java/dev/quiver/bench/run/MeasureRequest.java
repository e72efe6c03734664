package dev.quiver.bench.run;

import java.util.Map;

/**
 * What one child JVM measures: a workload of a suite (which query or block shape, which system, how
 * many threads) and how. Sent to the child as JSON on its command line.
 *
 * @param suite {@code scan}, {@code shuffle}, {@code tpch}, {@code clickbench} or {@code fineweb-sql}
 * @param subject the query or block shape
 * @param system the system under test
 * @param threads worker threads the system may use
 * @param parameters the suite's own settings (data directory, codec, ...)
 * @param verify whether to compute the full answer (checksums) in the child's warm-up pass
 * @param warmupPasses passes run before the measured one, in the same JVM
 * @param repeatMillis 0: the measured pass runs the workload once; otherwise it repeats the workload
 *     for at least this long (and the warm-up passes too) and reports the time per operation
 */
public record MeasureRequest(String suite, String subject, String system, int threads, Map<String, String> parameters,
    boolean verify, int warmupPasses, long repeatMillis) {

  /** A parameter the suite requires. */
  public String parameter(String name) {
    String value = parameters.get(name);
    if (value == null) {
      throw new IllegalArgumentException("measurement parameter '" + name + "' is missing");
    }
    return value;
  }
}
