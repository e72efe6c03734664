package dev.quiver.bench.run;

import java.util.Map;

/**
 * One system on one subject at one thread count: what a suite measures several times.
 *
 * @param dataset the data set's name (for the results file)
 * @param dataParameters what identifies the data (scale, rows, codec, ...)
 * @param subject the query or block shape
 * @param system the system
 * @param threads its worker threads
 * @param parameters what the child needs to run it (paths, ...)
 */
public record Arm(String dataset, Map<String, String> dataParameters, String subject, String system, int threads,
    Map<String, String> parameters) {}
