package dev.quiver.bench.run;

import java.util.Map;

/**
 * What a child JVM reports for its measured pass.
 *
 * @param nanos wall time of the measured pass (per operation when the workload repeats)
 * @param operations how many operations the measured pass ran (1 unless repeating)
 * @param peakRssBytes the child's peak resident memory (VmHWM) when it finished
 * @param answer the measured pass's answer
 * @param checksum the warm-up's full check, when verifying; else null
 * @param details the measured pass's counters
 */
public record MeasureResult(double nanos, long operations, long peakRssBytes, String answer, String checksum,
    Map<String, Long> details) {}
