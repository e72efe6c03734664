package dev.quiver.bench.results;

import java.util.List;
import java.util.Map;

/**
 * One measurement as the results file keeps it (one JSON object per line).
 *
 * @param runId the suite run it belongs to (every record of one {@code quiver bench} command)
 * @param suite {@code scan}, {@code shuffle}, {@code tpch}, {@code clickbench} or {@code fineweb-sql}
 * @param recordedAt when the suite run started (ISO-8601)
 * @param commit the git commit of the code measured ({@code +dirty} when the tree had changes)
 * @param machine CPU model, cores, memory, OS
 * @param jvm the JVM's name and version
 * @param jvmOptions the options every measurement JVM got
 * @param dataset the data set ({@code tpch}, {@code clickbench}, {@code fineweb}, {@code blocks})
 * @param parameters what else identifies the data (scale, rows, columns, codec)
 * @param subject the query or block shape
 * @param system the system measured
 * @param threads its worker threads
 * @param pass -1 for the warm-up measurement (not summarized), then 0, 1, ...
 * @param nanos wall nanoseconds of the measured pass (per operation for repeated workloads)
 * @param operations operations in the measured pass
 * @param peakRssBytes the measurement JVM's peak resident memory
 * @param answer the answer, already checked against the suite's reference system's (or {@code WRONG: ...}, {@code FAILED: ...})
 * @param checksumVerified whether the full check (column checksums) was compared in this pass
 * @param details counters (chunks decoded, ...)
 */
public record ResultRecord(String runId, String suite, String recordedAt, String commit, String machine, String jvm,
    List<String> jvmOptions, String dataset, Map<String, String> parameters, String subject, String system, int threads,
    int pass, double nanos, long operations, long peakRssBytes, String answer, boolean checksumVerified,
    Map<String, Long> details) {}
