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
    List<ResultRecord> records = new ArrayList<>();
    for (List<Arm> group : groups.values()) {
      List<Arm> failed = new ArrayList<>();
      for (int pass = -1; pass < runs; pass++) {
        for (Arm arm : group) {
          if (failed.contains(arm)) {
            continue;
          }
          try {
            records.add(measure(arm, pass));
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

  private ResultRecord measure(Arm arm, int pass) throws IOException {
    boolean verify = pass < 0;
    MeasureRequest request = new MeasureRequest(suite, arm.subject(), arm.system(), arm.threads(), arm.parameters(),
        verify, warmupPasses, repeatMillis);
    MeasureResult result = jvm.run(request);
    check(arm, result, verify);
    log.printf(Locale.ROOT, "%s %-22s %-15s %d thread%s %-7s %12s  peak RSS %,8.1f MiB  %s%n", suite, arm.subject(),
        arm.system(), arm.threads(), arm.threads() == 1 ? " " : "s", pass < 0 ? "warm-up" : "run " + (pass + 1),
        time(result.nanos()), result.peakRssBytes() / 1048576.0, shorten(result.answer()));
    log.flush();
    return new ResultRecord(runId, suite, recordedAt, environment.commit(), environment.machine(), environment.jvm(),
        jvm.options(), arm.dataset(), arm.dataParameters(), arm.subject(), arm.system(), arm.threads(), pass,
        result.nanos(), result.operations(), result.peakRssBytes(), result.answer(),
        verify && result.checksum() != null,
        result.details());
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
