package dev.quiver.bench.run;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Runs the arms of a suite, each measurement in a JVM of its own: per subject and thread count,
 * first one warm-up measurement per system (its first pass computes the full check), then
 * {@code runs} measured rounds in which every system runs once (round-robin, so drift on a shared
 * machine hits all systems alike). Every answer is compared with the reference system's answer for
 * the same subject (at any thread count) before it is kept: a mismatch stops the suite with an error
 * naming both answers. The reference system's arms must come first.
 *
 * <p>With a {@link #persistent persistent measurer} (hot runs: {@code --jvm suite}) the rounds are the
 * outer loop instead: first, for every subject, thread count and system, the verifying warm-up in a
 * JVM of its own as above (the full check, and the peak RSS of a fresh process), followed by
 * {@code warmupPasses} untimed executions in the system's persistent JVM; then round 1 over every
 * subject (systems alternating within each subject), round 2 over every subject, and so on, each
 * measured pass one execution in the persistent JVM. So every timed query runs in a JVM that has run
 * the whole suite before it. The records of a hot run say where they were measured: details key
 * {@value #PERSISTENT_JVM} is 1 for the persistent JVM's, 0 for those of a JVM of its own (records of
 * runs without a persistent measurer have no such key).
 */
public final class SuiteRunner {
  private final Measurer jvm;
  private final RunEnvironment environment;
  private final String suite;
  private final String referenceSystem;
  private final int runs;
  private final int warmupPasses;
  private final long repeatMillis;
  private final PrintWriter log;
  private final AnswerCheck checksumCheck;
  private final String runId = Instant.now().toString() + "-"
      + Integer.toHexString(ThreadLocalRandom.current().nextInt());
  private final String recordedAt = Instant.now().toString();
  private final Map<String, String> referenceAnswers = new HashMap<>();
  private final Map<String, String> referenceChecksums = new HashMap<>();
  private final List<String> failures = new ArrayList<>();
  private boolean keepGoing;
  private Measurer persistent;

  /** The details key that says whether a record was measured in a persistent JVM (1) or a JVM of its own (0). */
  public static final String PERSISTENT_JVM = "persistentJvm";

  /**
   * @param runs measured rounds (at least 1)
   * @param warmupPasses passes each child runs before its measured pass
   * @param repeatMillis 0, or how long a repeated workload's passes last
   */
  public SuiteRunner(Measurer jvm, RunEnvironment environment, String suite, String referenceSystem, int runs,
      int warmupPasses, long repeatMillis, PrintWriter log) {
    this(jvm, environment, suite, referenceSystem, runs, warmupPasses, repeatMillis, log, AnswerCheck.EXACT);
  }

  /**
   * @param checksumCheck how the full checks of the warm-up measurements are compared with the
   *     reference system's
   */
  public SuiteRunner(Measurer jvm, RunEnvironment environment, String suite, String referenceSystem, int runs,
      int warmupPasses, long repeatMillis, PrintWriter log, AnswerCheck checksumCheck) {
    if (runs < 1) {
      throw QuiverException.user("--runs must be at least 1, not " + runs);
    }
    this.jvm = jvm;
    this.environment = environment;
    this.suite = suite;
    this.referenceSystem = referenceSystem;
    this.runs = runs;
    this.warmupPasses = warmupPasses;
    this.repeatMillis = repeatMillis;
    this.log = log;
    this.checksumCheck = checksumCheck;
  }

  /**
   * Whether a failed measurement or a wrong answer ends the suite (false, the default) or is recorded
   * (a record of pass {@value #FAILED_PASS} whose answer starts with {@value #FAILED_PREFIX}, that arm
   * measured no more) while the other arms go on; {@link #failures()} lists them afterwards.
   */
  public SuiteRunner keepGoing(boolean value) {
    this.keepGoing = value;
    return this;
  }

  /**
   * Measures hot: the warm-ups and the measured rounds in {@code measurer}'s long-lived JVMs, rounds
   * over the whole suite (see the class comment); the verifying warm-up still in a JVM of its own.
   * {@link #run} closes {@code measurer} when it ends and reports a JVM that did not end cleanly
   * (as a failure with {@link #keepGoing}).
   */
  public SuiteRunner persistent(Measurer measurer) {
    this.persistent = measurer;
    return this;
  }

  /** The pass of a failure's record (with {@link #keepGoing}). */
  public static final int FAILED_PASS = -2;
  /** How a failure's record's answer starts. */
  public static final String FAILED_PREFIX = "FAILED: ";
  /** How the record of a wrong answer ({@link WrongAnswerException}) starts; its pass is {@link #FAILED_PASS}. */
  public static final String WRONG_PREFIX = "WRONG: ";

  /** The failures recorded so far (with {@link #keepGoing}), one message each. */
  public List<String> failures() {
    return List.copyOf(failures);
  }

  /** Measures every arm; returns the records (warm-ups included, as pass -1). */
  public List<ResultRecord> run(List<Arm> arms) throws IOException {
    Map<String, List<Arm>> groups = new LinkedHashMap<>();
    for (Arm arm : arms) {
      groups.computeIfAbsent(arm.subject() + "\u0000" + arm.threads(), key -> new ArrayList<>()).add(arm);
    }
    if (persistent != null) {
      return runHot(List.copyOf(groups.values()));
    }
    List<ResultRecord> records = new ArrayList<>();
    for (List<Arm> group : groups.values()) {
      List<Arm> failed = new ArrayList<>();
      for (int pass = -1; pass < runs; pass++) {
        for (Arm arm : group) {
          if (failed.contains(arm)) {
            continue;
          }
          try {
            records.add(measure(jvm, arm, pass, pass < 0, warmupPasses, null));
          } catch (IOException | RuntimeException failure) {
            if (!keepGoing) {
              throw failure;
            }
            failed.add(arm);
            records.add(failure(arm, failure));
          }
        }
      }
    }
    return records;
  }

  /** A measurement, or what measured it in one step of a hot run. */
  @FunctionalInterface
  private interface Step {
    void run() throws IOException;
  }

  private List<ResultRecord> runHot(List<List<Arm>> groups) throws IOException {
    List<ResultRecord> records = new ArrayList<>();
    List<Arm> failed = new ArrayList<>();
    boolean ended = false;
    try {
      for (List<Arm> group : groups) {
        for (Arm arm : group) {
          attempt(arm, failed, records, () -> {
            records.add(measure(jvm, arm, -1, true, warmupPasses, false));
            if (warmupPasses > 0) {
              records.add(measure(persistent, arm, -1, false, warmupPasses - 1, true));
            }
          });
        }
      }
      for (int pass = 0; pass < runs; pass++) {
        for (List<Arm> group : groups) {
          for (Arm arm : group) {
            int round = pass;
            attempt(arm, failed, records, () -> records.add(measure(persistent, arm, round, false, 0, true)));
          }
        }
      }
      ended = true;
    } finally {
      if (!ended) {
        try {
          persistent.close();
        } catch (IOException ignored) {
          // the failure on its way out says more
        }
      }
    }
    try {
      persistent.close();
    } catch (IOException badEnd) {
      if (!keepGoing) {
        throw badEnd;
      }
      String described = suite + ": " + badEnd.getMessage();
      failures.add(described);
      log.println(described);
      log.flush();
    }
    return records;
  }

  private void attempt(Arm arm, List<Arm> failed, List<ResultRecord> records, Step step) throws IOException {
    if (failed.contains(arm)) {
      return;
    }
    try {
      step.run();
    } catch (IOException | RuntimeException failure) {
      if (!keepGoing) {
        throw failure;
      }
      failed.add(arm);
      records.add(failure(arm, failure));
    }
  }

  private ResultRecord failure(Arm arm, Exception failure) {
    String message = failure.getMessage() == null ? failure.toString() : failure.getMessage();
    boolean wrong = failure instanceof WrongAnswerException;
    String described = suite + " " + arm.subject() + ": " + arm.system() + " at " + arm.threads() + " thread"
        + (arm.threads() == 1 ? "" : "s") + (wrong ? " answered wrongly: " : " failed: ") + message;
    failures.add(described);
    log.println(described);
    log.flush();
    String oneLine = message.lines().map(String::strip).filter(line -> !line.startsWith("at "))
        .collect(java.util.stream.Collectors.joining(" | "));
    return new ResultRecord(runId, suite, recordedAt, environment.commit(), environment.machine(), environment.jvm(),
        jvm.options(), arm.dataset(), arm.dataParameters(), arm.subject(), arm.system(), arm.threads(), FAILED_PASS,
        -1, 0, -1,
        (wrong ? WRONG_PREFIX : FAILED_PREFIX) + (oneLine.length() > 600 ? oneLine.substring(0, 600) : oneLine), false,
        Map.of());
  }

  /**
   * One measurement of {@code arm} by {@code measurer}, checked and logged.
   *
   * @param persistentJvm null outside hot runs (the record gets no {@value #PERSISTENT_JVM} detail), else
   *     whether {@code measurer} is the persistent one
   */
  private ResultRecord measure(Measurer measurer, Arm arm, int pass, boolean verify, int warmups,
      Boolean persistentJvm) throws IOException {
    MeasureRequest request = new MeasureRequest(suite, arm.subject(), arm.system(), arm.threads(), arm.parameters(),
        verify, warmups, repeatMillis);
    MeasureResult result = measurer.run(request);
    check(arm, result, verify);
    log.printf(Locale.ROOT, "%s %-22s %-15s %d thread%s %-7s %12s  peak RSS %,8.1f MiB  %s%s%n", suite, arm.subject(),
        arm.system(), arm.threads(), arm.threads() == 1 ? " " : "s", pass < 0 ? "warm-up" : "run " + (pass + 1),
        time(result.nanos()), result.peakRssBytes() / 1048576.0, shorten(result.answer()),
        persistentJvm == null ? "" : persistentJvm ? "  persistent-jvm" : "  own-jvm");
    log.flush();
    Map<String, Long> details = result.details();
    if (persistentJvm != null) {
      details = new LinkedHashMap<>(details);
      details.put(PERSISTENT_JVM, persistentJvm ? 1L : 0L);
    }
    return new ResultRecord(runId, suite, recordedAt, environment.commit(), environment.machine(), environment.jvm(),
        measurer.options(), arm.dataset(), arm.dataParameters(), arm.subject(), arm.system(), arm.threads(), pass,
        result.nanos(), result.operations(), result.peakRssBytes(), result.answer(),
        verify && result.checksum() != null,
        details);
  }

  private void check(Arm arm, MeasureResult result, boolean verify) {
    boolean reference = arm.system().equals(referenceSystem);
    String answer = referenceAnswers.get(arm.subject());
    if (answer == null) {
      if (!reference) {
        throw new QuiverException(ErrorCode.INTERNAL, "no " + referenceSystem + " answer for " + arm.subject()
            + " to check " + arm.system() + " against: the reference system must be measured first");
      }
      referenceAnswers.put(arm.subject(), result.answer());
    } else if (!answer.equals(result.answer())) {
      throw mismatch(arm, "answer", answer, result.answer());
    }
    if (verify && result.checksum() != null) {
      String checksum = referenceChecksums.putIfAbsent(arm.subject(), result.checksum());
      if (checksum != null && checksumCheck == AnswerCheck.EXACT && !checksum.equals(result.checksum())) {
        throw mismatch(arm, "column checksums", checksum, result.checksum());
      }
      String difference = checksum == null ? null : checksumCheck.difference(checksum, result.checksum());
      if (difference != null) {
        throw new WrongAnswerException(suite + " " + arm.subject() + ": " + arm.system() + " at " + arm.threads()
            + " threads gave a different answer than " + referenceSystem + ": " + difference);
      }
    }
  }

  private WrongAnswerException mismatch(Arm arm, String what, String expected, String actual) {
    return new WrongAnswerException(suite + " " + arm.subject() + ": " + arm.system() + " at " + arm.threads()
        + " threads gave a different " + what + " than " + referenceSystem + ":\n  " + referenceSystem + ": "
        + expected + "\n  " + arm.system() + ": " + actual);
  }

  static String time(double nanos) {
    if (nanos >= 1e9) {
      return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }
    if (nanos >= 1e6) {
      return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
    }
    return String.format(Locale.ROOT, "%.2f us", nanos / 1e3);
  }

  private static String shorten(String answer) {
    return answer.length() <= 60 ? answer : answer.substring(0, 57) + "...";
  }
}
