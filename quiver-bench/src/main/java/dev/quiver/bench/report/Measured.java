package dev.quiver.bench.report;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.run.SuiteRunner;
import dev.quiver.bench.run.Summary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The measurements the report shows: for every suite and subject, the records of the latest run that
 * measured that subject (so every ratio compares systems measured in the same run), summarized per
 * system and thread count over the measured passes (the warm-up left out). The peak memory of a hot
 * run's measurements (measured in a persistent JVM: {@link SuiteRunner#PERSISTENT_JVM} 1) is that of
 * its verifying warm-up instead, measured in a JVM of its own (a fresh process's peak, comparable
 * with other systems and runs), when the run has it; otherwise (and for older runs) the measured
 * passes' own.
 *
 * @param suite the suite
 * @param subject the query or block shape
 * @param system the system
 * @param threads its threads
 * @param time wall time summary, nanoseconds
 * @param peakRss peak resident memory summary, bytes (a hot run's: its fresh JVM's, see above)
 * @param answer the (checked) answer
 * @param first a record of the group, for its run's environment and parameters
 */
public record Measured(String suite, String subject, String system, int threads, Summary time, Summary peakRss,
    String answer, ResultRecord first) {

  /** Groups and summarizes {@code records}, in the order their subjects and systems first appear. */
  public static List<Measured> of(List<ResultRecord> records) {
    Map<String, String> latestRun = new LinkedHashMap<>();
    for (ResultRecord record : records) {
      String key = record.suite() + "\u0000" + record.subject();
      String current = latestRun.get(key);
      if (current == null || recordedAt(records, current).compareTo(record.recordedAt()) < 0) {
        latestRun.put(key, record.runId());
      }
    }
    Map<String, List<ResultRecord>> groups = new LinkedHashMap<>();
    for (ResultRecord record : records) {
      if (record.pass() >= 0 && record.runId().equals(latestRun.get(record.suite() + "\u0000" + record.subject()))) {
        groups.computeIfAbsent(record.suite() + "\u0000" + record.subject() + "\u0000" + record.system() + "\u0000"
            + record.threads(), key -> new ArrayList<>()).add(record);
      }
    }
    Map<String, List<ResultRecord>> freshWarmups = new LinkedHashMap<>();
    for (ResultRecord record : records) {
      if (record.pass() == -1 && record.details().get(SuiteRunner.PERSISTENT_JVM) != null
          && record.details().get(SuiteRunner.PERSISTENT_JVM) == 0L) {
        freshWarmups.computeIfAbsent(armOfRun(record), key -> new ArrayList<>()).add(record);
      }
    }
    List<Measured> measured = new ArrayList<>();
    for (List<ResultRecord> group : groups.values()) {
      ResultRecord first = group.get(0);
      double[] times = group.stream().mapToDouble(ResultRecord::nanos).toArray();
      List<ResultRecord> fresh = freshWarmups.get(armOfRun(first));
      boolean hot = persistent(first);
      double[] memory = (hot && fresh != null ? fresh : group).stream().mapToDouble(ResultRecord::peakRssBytes)
          .toArray();
      measured.add(new Measured(first.suite(), first.subject(), first.system(), first.threads(), Summary.of(times),
          Summary.of(memory), first.answer(), first));
    }
    measured.sort(Comparator.comparing(Measured::suite));
    return measured;
  }

  /** The run, suite, subject, system and threads of a record. */
  private static String armOfRun(ResultRecord record) {
    return String.join("\u0000", record.runId(), record.suite(), record.subject(), record.system(),
        Integer.toString(record.threads()));
  }

  /** Whether {@code record} was measured in a persistent JVM (a hot run's measured pass or warm-up). */
  public static boolean persistent(ResultRecord record) {
    return Long.valueOf(1).equals(record.details().get(SuiteRunner.PERSISTENT_JVM));
  }

  private static String recordedAt(List<ResultRecord> records, String runId) {
    return records.stream().filter(record -> record.runId().equals(runId)).findFirst().orElseThrow().recordedAt();
  }
}
