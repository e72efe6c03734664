package dev.quiver.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.results.ResultsFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's order of measurements and its answer checks, with measurements answered in this JVM. */
class SuiteRunnerTest {
  @TempDir
  Path directory;

  private static Arm arm(String subject, String system) {
    return new Arm("data", Map.of("rows", "10"), subject, system, 1, Map.of());
  }

  private static SuiteRunner runner(Measurer measurer, int runs) {
    return new SuiteRunner(measurer, new RunEnvironment("machine", "jvm", "abc"), "scan", "quiver", runs, 1, 0,
        new PrintWriter(new StringWriter()));
  }

  /** Answers "42" (or what {@code answers} says per system) and records the requests in order. */
  private static Measurer fake(List<MeasureRequest> seen, Map<String, String> answers) {
    return new Measurer() {
      @Override
      public MeasureResult run(MeasureRequest request) {
        seen.add(request);
        return new MeasureResult(1000, 1, 1 << 20, answers.getOrDefault(request.system(), "42"),
            request.verify() ? "sums" : null, Map.of());
      }

      @Override
      public List<String> options() {
        return List.of("-Xtest");
      }
    };
  }

  @Test
  void warmsUpEverySystemThenRunsThemRoundRobin() throws Exception {
    List<MeasureRequest> seen = new ArrayList<>();
    List<ResultRecord> records = runner(fake(seen, Map.of()), 2).run(List.of(arm("q", "quiver"), arm("q", "duckdb")));
    assertThat(seen).extracting(MeasureRequest::system).containsExactly("quiver", "duckdb", "quiver", "duckdb",
        "quiver", "duckdb");
    assertThat(seen).extracting(MeasureRequest::verify).containsExactly(true, true, false, false, false, false);
    assertThat(records).extracting(ResultRecord::pass).containsExactly(-1, -1, 0, 0, 1, 1);
    assertThat(records.get(0).jvmOptions()).containsExactly("-Xtest");
    Path results = directory.resolve("results.jsonl");
    ResultsFile.append(results, records);
    ResultsFile.append(results, records.subList(0, 1));
    assertThat(ResultsFile.read(results)).hasSize(7).first().isEqualTo(records.get(0));
  }

  @Test
  void aWrongAnswerFailsTheSuiteNamingBothAnswers() {
    Measurer wrong = fake(new ArrayList<>(), Map.of("vortex", "41"));
    assertThatThrownBy(() -> runner(wrong, 1).run(List.of(arm("q", "quiver"), arm("q", "vortex"))))
        .hasMessageContaining("vortex").hasMessageContaining("quiver: 42").hasMessageContaining("vortex: 41");
  }

  @Test
  void aPeerCannotBeCheckedBeforeQuiver() {
    assertThatThrownBy(() -> runner(fake(new ArrayList<>(), Map.of()), 1).run(List.of(arm("q", "duckdb"))))
        .hasMessageContaining("must be measured first");
  }

  @Test
  void summariesAreMedianMinimumAndMaximum() {
    assertThat(Summary.of(new double[] {5, 1, 3})).isEqualTo(new Summary(3, 1, 5, 3));
    assertThat(Summary.of(new double[] {4, 1, 3, 2}).median()).isEqualTo(2.5);
  }

  /** A measurement as a fake measurer saw it: which measurer, subject, system, verify, warm-up passes. */
  private record Seen(String measurer, String subject, String system, boolean verify, int warmups) {}

  /** Answers "42" (or "41" for {@code failing} on {@code subject}: throws) and records what it saw under {@code name}. */
  private static Measurer recording(String name, List<Seen> seen, List<String> closed, String failingSubject) {
    return new Measurer() {
      @Override
      public MeasureResult run(MeasureRequest request) throws java.io.IOException {
        seen.add(new Seen(name, request.subject(), request.system(), request.verify(), request.warmupPasses()));
        if (request.subject().equals(failingSubject) && request.system().equals("duckdb") && name.equals("hot")) {
          throw new java.io.IOException("the query failed");
        }
        return new MeasureResult(1000, 1, name.equals("hot") ? 5 << 20 : 3 << 20, "42",
            request.verify() ? "sums" : null, Map.of());
      }

      @Override
      public List<String> options() {
        return List.of("-X" + name);
      }

      @Override
      public void close() {
        closed.add(name);
      }
    };
  }

  @Test
  void hotRunsVerifyEverySubjectFirstThenMeasureRoundsOverTheWholeSuite() throws Exception {
    List<Seen> seen = new ArrayList<>();
    List<String> closed = new ArrayList<>();
    StringWriter log = new StringWriter();
    SuiteRunner runner = new SuiteRunner(recording("own", seen, closed, null), new RunEnvironment("m", "j", "c"),
        "scan", "quiver", 2, 2, 0, new PrintWriter(log)).persistent(recording("hot", seen, closed, null));
    List<ResultRecord> records = runner.run(List.of(arm("q1", "quiver"), arm("q1", "duckdb"), arm("q2", "quiver"),
        arm("q2", "duckdb")));
    assertThat(seen).containsExactly(
        // the verifying warm-up of each arm in a JVM of its own, then its warm-ups in the persistent JVM
        new Seen("own", "q1", "quiver", true, 2), new Seen("hot", "q1", "quiver", false, 1),
        new Seen("own", "q1", "duckdb", true, 2), new Seen("hot", "q1", "duckdb", false, 1),
        new Seen("own", "q2", "quiver", true, 2), new Seen("hot", "q2", "quiver", false, 1),
        new Seen("own", "q2", "duckdb", true, 2), new Seen("hot", "q2", "duckdb", false, 1),
        // round 1 over every subject, systems alternating, one execution each
        new Seen("hot", "q1", "quiver", false, 0), new Seen("hot", "q1", "duckdb", false, 0),
        new Seen("hot", "q2", "quiver", false, 0), new Seen("hot", "q2", "duckdb", false, 0),
        // round 2
        new Seen("hot", "q1", "quiver", false, 0), new Seen("hot", "q1", "duckdb", false, 0),
        new Seen("hot", "q2", "quiver", false, 0), new Seen("hot", "q2", "duckdb", false, 0));
    assertThat(records).extracting(ResultRecord::pass).containsExactly(-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 1,
        1, 1, 1);
    assertThat(records).extracting(record -> record.details().get(SuiteRunner.PERSISTENT_JVM)).containsExactly(0L, 1L,
        0L, 1L, 0L, 1L, 0L, 1L, 1L, 1L, 1L, 1L, 1L, 1L, 1L, 1L);
    assertThat(records.get(0).checksumVerified()).isTrue();
    assertThat(records.get(0).peakRssBytes()).as("a fresh JVM's peak").isEqualTo(3 << 20);
    assertThat(records.get(0).jvmOptions()).containsExactly("-Xown");
    assertThat(records.get(8).jvmOptions()).containsExactly("-Xhot");
    assertThat(closed).containsExactly("hot");
    assertThat(log.toString().lines().filter(line -> line.contains(" run 1 ")))
        .hasSize(4).allSatisfy(line -> assertThat(line).matches(
            "scan q\\d +\\S+ +1 thread  run 1 +1\\.00 us  peak RSS +5\\.0 MiB  42  persistent-jvm"));
  }

  @Test
  void aHotRunRecordsAFailedArmAndGoesOnWithTheOthers() throws Exception {
    List<Seen> seen = new ArrayList<>();
    List<String> closed = new ArrayList<>();
    SuiteRunner runner = new SuiteRunner(recording("own", seen, closed, "q1"), new RunEnvironment("m", "j", "c"),
        "scan", "quiver", 2, 0, 0, new PrintWriter(new StringWriter())).persistent(recording("hot", seen, closed, "q1"))
        .keepGoing(true);
    List<ResultRecord> records = runner.run(List.of(arm("q1", "quiver"), arm("q1", "duckdb"), arm("q2", "quiver"),
        arm("q2", "duckdb")));
    // no warm-up passes: no warm-ups in the persistent JVM; duckdb on q1 fails in round 1 and is not measured again
    assertThat(seen).extracting(one -> one.measurer() + " " + one.subject() + " " + one.system()).containsExactly(
        "own q1 quiver", "own q1 duckdb", "own q2 quiver", "own q2 duckdb",
        "hot q1 quiver", "hot q1 duckdb", "hot q2 quiver", "hot q2 duckdb",
        "hot q1 quiver", "hot q2 quiver", "hot q2 duckdb");
    assertThat(records).filteredOn(record -> record.pass() == SuiteRunner.FAILED_PASS).singleElement()
        .satisfies(record -> {
          assertThat(record.subject()).isEqualTo("q1");
          assertThat(record.system()).isEqualTo("duckdb");
          assertThat(record.answer()).startsWith(SuiteRunner.FAILED_PREFIX).contains("the query failed");
        });
    assertThat(runner.failures()).hasSize(1);
    assertThat(closed).containsExactly("hot");
  }
}
