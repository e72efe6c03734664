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
}
