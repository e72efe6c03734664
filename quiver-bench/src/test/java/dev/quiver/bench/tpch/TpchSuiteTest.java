package dev.quiver.bench.tpch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.bench.InProcessMeasurer;
import dev.quiver.bench.report.Report;
import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.results.ResultsFile;
import dev.quiver.bench.run.MeasureRequest;
import dev.quiver.bench.run.MeasureResult;
import dev.quiver.bench.run.Measurer;
import dev.quiver.bench.run.RunEnvironment;
import dev.quiver.bench.run.SuiteRunner;
import dev.quiver.bench.sql.SqlSystem;
import dev.quiver.common.memory.Allocators;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TPC-H suite end to end at scale 0.01, measured in this JVM ({@link InProcessMeasurer}): the
 * data made (tables, Parquet, DuckDB database), three queries on the three systems, every answer
 * checked against DuckDB's, the report rendered; and a wrong answer stops the run naming the query
 * (or, with keep-going, is recorded as a failure).
 */
class TpchSuiteTest {
  static final double SCALE = 0.01;
  static final List<Integer> QUERIES = List.of(1, 6, 3);

  @TempDir
  static Path directory;
  static TpchData data;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @BeforeAll
  static void prepare() throws IOException {
    try (BufferAllocator allocator = Allocators.newRoot()) {
      data = TpchDataPreparer.prepare(TpchSuite.directory(directory, SCALE), SCALE, true, true, allocator,
          new PrintWriter(new StringWriter(), true));
      Allocators.closeChecked(allocator);
    }
  }

  private SuiteRunner runner(Measurer measurer, StringWriter log) {
    return TpchSuite.runner(measurer, new RunEnvironment("machine", "jvm", "abc"), 1, 0, new PrintWriter(log, true));
  }

  private List<ResultRecord> run(Measurer measurer, SuiteRunner runner, List<Integer> queries, List<Integer> threads)
      throws IOException {
    return runner.run(TpchSuite.arms(queries, EnumSet.allOf(SqlSystem.class), threads, data, SCALE, 1L << 30));
  }

  @Test
  void everySystemAnswersAsDuckDbDoesAndTheReportShowsThem() throws Exception {
    assertThat(data.directory().getFileName().toString()).isEqualTo("tpch-sf0.01");
    for (String table : TpchData.TABLES) {
      assertThat(data.quiver(table)).exists();
      assertThat(data.parquet(table)).exists();
    }
    assertThat(data.duckdb()).exists();
    StringWriter log = new StringWriter();
    InProcessMeasurer measurer = new InProcessMeasurer(memory.allocator());
    List<ResultRecord> records = run(measurer, runner(measurer, log), QUERIES, List.of(1, 2));
    // 3 queries x 2 thread counts x 3 systems x (warm-up + 1 run)
    assertThat(records).hasSize(36);
    assertThat(records).allSatisfy(record -> assertThat(record.answer()).matches("rows=[1-9][0-9]*"));
    assertThat(records.stream().filter(record -> record.pass() == -1)).hasSize(18)
        .allSatisfy(record -> assertThat(record.checksumVerified()).isTrue());
    for (String subject : List.of("q01", "q06", "q03")) {
      assertThat(records.stream().filter(record -> record.subject().equals(subject)).map(ResultRecord::answer)
          .distinct()).hasSize(1);
    }
    assertThat(records.stream().filter(r -> r.subject().equals("q01")).findFirst().orElseThrow().answer())
        .isEqualTo("rows=4");
    assertThat(records.stream().filter(r -> r.subject().equals("q06")).findFirst().orElseThrow().answer())
        .isEqualTo("rows=1");
    assertThat(records.stream().filter(r -> r.subject().equals("q03")).findFirst().orElseThrow().answer())
        .isEqualTo("rows=10");

    Path results = directory.resolve("results.jsonl");
    ResultsFile.append(results, records);
    Path markdown = directory.resolve("BENCHMARKS.md");
    Report.write(results, markdown, directory.resolve("charts"), new PrintWriter(new StringWriter()));
    String report = Files.readString(markdown, StandardCharsets.UTF_8);
    assertThat(report).contains("TPC-H through SQL").contains("| q01 |").contains("| q06 |").contains("| q03 |")
        .contains("sum of 3").contains("time Quiver / DuckDB (own tables) ≤ 1.5");
    assertThat(directory.resolve("charts/tpch-time-1-thread.png")).exists();
  }

  /** Quiver's answers with one number changed in the first row of its full answer. */
  private Measurer wrongQuiver(Measurer real) {
    return new Measurer() {
      @Override
      public MeasureResult run(MeasureRequest request) throws IOException {
        MeasureResult result = real.run(request);
        if (!request.system().equals("quiver") || result.checksum() == null) {
          return result;
        }
        String[] lines = result.checksum().split("\n", -1);
        lines[2] = lines[2].replaceFirst("n:([0-9])", "n:9$1");
        return new MeasureResult(result.nanos(), result.operations(), result.peakRssBytes(), result.answer(),
            String.join("\n", lines), result.details());
      }

      @Override
      public List<String> options() {
        return real.options();
      }
    };
  }

  @Test
  void aWrongAnswerStopsTheRunNamingTheQuery() {
    StringWriter log = new StringWriter();
    Measurer wrong = wrongQuiver(new InProcessMeasurer(memory.allocator()));
    assertThatThrownBy(() -> run(wrong, runner(wrong, log), List.of(6), List.of(1)))
        .hasMessageContaining("tpch q06").hasMessageContaining("quiver").hasMessageContaining("row 1 of 1");
  }

  @Test
  void keepGoingRecordsTheWrongAnswerAndMeasuresTheOthers() throws Exception {
    StringWriter log = new StringWriter();
    Measurer wrong = wrongQuiver(new InProcessMeasurer(memory.allocator()));
    SuiteRunner runner = runner(wrong, log).keepGoing(true);
    List<ResultRecord> records = run(wrong, runner, List.of(6), List.of(1));
    assertThat(runner.failures()).singleElement().asString().contains("tpch q06").contains("quiver");
    assertThat(records).filteredOn(record -> record.pass() == SuiteRunner.FAILED_PASS).singleElement()
        .satisfies(record -> assertThat(record.answer()).startsWith(SuiteRunner.WRONG_PREFIX));
    assertThat(records).filteredOn(record -> record.system().equals("duckdb-parquet")).hasSize(2);
  }
}
