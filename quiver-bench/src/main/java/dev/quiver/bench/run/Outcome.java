package dev.quiver.bench.run;

import java.util.Map;

/**
 * What one pass of a workload produced.
 *
 * @param answer the result in a canonical text form, compared across systems on every pass (a sum,
 *     a top-10 list, rows and columns of a decode)
 * @param checksum a fuller check computed only when asked (per-column value checksums of a
 *     decode), or null
 * @param details counters worth recording (chunks decoded, bytes, ...); may be empty
 */
public record Outcome(String answer, String checksum, Map<String, Long> details) {
  public static Outcome of(String answer) {
    return new Outcome(answer, null, Map.of());
  }
}
