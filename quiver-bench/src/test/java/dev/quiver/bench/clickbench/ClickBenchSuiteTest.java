package dev.quiver.bench.clickbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.bench.InProcessMeasurer;
import dev.quiver.bench.report.Report;
import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.results.ResultsFile;
import dev.quiver.bench.run.MeasureRequest;
import dev.quiver.bench.run.MeasureResult;
import dev.quiver.bench.run.Measurer;
import dev.quiver.bench.run.RunEnvironment;
import dev.quiver.bench.run.SuiteRunner;
import dev.quiver.bench.sql.GeneratedData;
import dev.quiver.bench.sql.SqlQueries;
import dev.quiver.bench.sql.SqlSuite;
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
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ClickBench and FineWeb SQL suites end to end at 2,000 generated rows, measured in this JVM
 * ({@link InProcessMeasurer}): the data made once (qvr, Parquet, DuckDB database) and reused, all 43
 * ClickBench queries and top-phrases on the three systems with every answer checked against DuckDB's,
 * the FineWeb queries likewise, the report's sections and targets rendered; and a wrong answer is
 * recorded as WRONG (not timed) and shown so.
 */
class ClickBenchSuiteTest {
  static final long ROWS = 2_000;
  static final long SEED = 42;

  @TempDir
  static Path directory;
  static GeneratedData hits;
  static GeneratedData fineweb;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @BeforeAll
  static void prepare() throws IOException {
    try (BufferAllocator allocator = Allocators.newRoot()) {
      PrintWriter log = new PrintWriter(new StringWriter(), true);
      Set<SqlSystem> all = EnumSet.allOf(SqlSystem.class);
      hits = GeneratedSuites.prepare(ClickBenchSql.QUERIES, directory, ROWS, SEED, all, allocator, log);
      fineweb = GeneratedSuites.prepare(FinewebSql.QUERIES, directory, ROWS, SEED, all, allocator, log);
      Allocators.closeChecked(allocator);
    }
  }

  private static SuiteRunner runner(SqlQueries queries, Measurer measurer, StringWriter log) {
    return SqlSuite.runner(queries, measurer, new RunEnvironment("machine", "jvm", "abc"), 1, 0,
        new PrintWriter(log, true));
  }

  private static List<ResultRecord> run(SqlQueries queries, GeneratedData data, SuiteRunner runner,
      List<String> subjects, List<Integer> threads) throws IOException {
    return runner.run(SqlSuite.arms(queries, subjects, EnumSet.allOf(SqlSystem.class), threads, data,
        GeneratedSuites.dataParameters(ROWS, SEED), 1L << 30));
  }

  @Test
  void theDataIsMadeOnceAndReused() throws IOException {
    assertThat(hits.directory().getFileName().toString()).isEqualTo("clickbench-rows2000-seed42");
    assertThat(fineweb.directory().getFileName().toString()).isEqualTo("fineweb-rows2000-seed42");
    for (GeneratedData data : List.of(hits, fineweb)) {
      assertThat(data.quiver(data.table())).exists();
      assertThat(data.parquet(data.table())).exists();
      assertThat(data.duckdb()).exists();
    }
    long modified = Files.getLastModifiedTime(hits.duckdb()).toMillis();
    StringWriter log = new StringWriter();
    try (BufferAllocator allocator = Allocators.newRoot()) {
      GeneratedSuites.prepare(ClickBenchSql.QUERIES, directory, ROWS, SEED, EnumSet.allOf(SqlSystem.class), allocator,
          new PrintWriter(log, true));
    }
    assertThat(log.toString()).as("nothing generated again").isEmpty();
    assertThat(Files.getLastModifiedTime(hits.duckdb()).toMillis()).isEqualTo(modified);
  }

  @Test
  void everyQueryAnswersAsDuckDbDoesAndTheReportShowsThem() throws Exception {
    StringWriter log = new StringWriter();
    List<String> referenceChecks = new java.util.ArrayList<>();
    InProcessMeasurer inProcess = new InProcessMeasurer(memory.allocator());
    Measurer measurer = new Measurer() {
      @Override
      public MeasureResult run(MeasureRequest request) throws IOException {
        MeasureResult result = inProcess.run(request);
        if (request.system().equals("duckdb") && result.checksum() != null) {
          referenceChecks.add(result.checksum());
        }
        return result;
      }

      @Override
      public List<String> options() {
        return inProcess.options();
      }
    };
    List<String> subjects = ClickBenchSql.QUERIES.subjects();
    assertThat(subjects).hasSize(44).startsWith("q00", "q01").endsWith("q42", ClickBenchSql.TOP_PHRASES);
    List<ResultRecord> records = run(ClickBenchSql.QUERIES, hits, runner(ClickBenchSql.QUERIES, measurer, log),
        subjects, List.of(1));
    // 44 queries x 3 systems x (warm-up + 1 run)
    assertThat(records).hasSize(264);
    assertThat(records).allSatisfy(record -> assertThat(record.answer()).matches("rows=[0-9]+"));
    assertThat(records.stream().filter(record -> record.pass() == -1)).hasSize(132)
        .allSatisfy(record -> assertThat(record.checksumVerified()).isTrue());
    assertThat(records).filteredOn(record -> record.subject().equals("q00")).allSatisfy(
        record -> assertThat(record.answer()).isEqualTo("rows=1"));
    assertThat(records).filteredOn(record -> record.subject().equals("q08")).allSatisfy(
        record -> assertThat(record.answer()).isEqualTo("rows=10"));
    assertThat(referenceChecks).hasSize(44);
    assertThat(referenceChecks).as("DuckDB lists the candidates of the runs its LIMITs cut")
        .filteredOn(text -> text.contains("\n#ties\tlast\n")).hasSizeGreaterThan(10);
    // (The OFFSET queries, q38-q42, select no rows at this size: their first-run candidates are unit-tested.)

    List<ResultRecord> fine = run(FinewebSql.QUERIES, fineweb, runner(FinewebSql.QUERIES, measurer, log),
        FinewebSql.QUERIES.subjects(), List.of(1, 2));
    assertThat(fine).hasSize(24).allSatisfy(record -> assertThat(record.answer()).isEqualTo("rows=1"));

    Path results = directory.resolve("results.jsonl");
    ResultsFile.append(results, records);
    ResultsFile.append(results, fine);
    Path markdown = directory.resolve("BENCHMARKS.md");
    Report.write(results, markdown, directory.resolve("charts"), new PrintWriter(new StringWriter()));
    String report = Files.readString(markdown, StandardCharsets.UTF_8);
    System.out.println(report.substring(report.indexOf("### ClickBench")));
    assertThat(report).contains("ClickBench through SQL (`quiver bench clickbench`)").contains("| q00 |")
        .contains("| q42 |").contains("| top-phrases |").contains("sum of 43").contains("2,000 rows")
        .contains("ClickBench time Quiver / DuckDB on Parquet ≤ 1.0")
        .contains("ClickBench time Quiver / DuckDB (own tables) ≤ 2.0")
        .contains("ClickBench every query Quiver / DuckDB (own tables) ≤ 5.0")
        .contains("(the target is set at 1,000,000 rows)")
        .contains("| ClickBench queries Quiver answered wrongly or failed = 0 | at any thread count | 0.000 | met |")
        .contains("FineWeb through SQL (`quiver bench fineweb-sql`)").contains("| fineweb-dump |")
        .contains("| fineweb-like |").contains("FineWeb SQL time Quiver / DuckDB (own tables) ≤ 1.5")
        .doesNotContain("WRONG**").doesNotContain("FAILED**");
    assertThat(directory.resolve("charts/clickbench-time-1-thread.png")).exists();
    assertThat(directory.resolve("charts/fineweb-sql-time-2-thread.png")).exists();
  }

  /** Quiver's answers with the first value of its first row changed in its full answer. */
  private static Measurer wrongQuiver(Measurer real) {
    return changedQuiver(real, lines -> lines[2] = lines[2].replaceFirst("^n:([0-9])", "n:9$1"));
  }

  /** Quiver's answers, each full answer's lines changed by {@code change}. */
  private static Measurer changedQuiver(Measurer real, java.util.function.Consumer<String[]> change) {
    return new Measurer() {
      @Override
      public MeasureResult run(MeasureRequest request) throws IOException {
        MeasureResult result = real.run(request);
        if (!request.system().equals("quiver") || result.checksum() == null) {
          return result;
        }
        String[] lines = result.checksum().split("\n", -1);
        change.accept(lines);
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
  void aWrongAnswerIsRecordedAsWrongAndReportedSo() throws Exception {
    StringWriter log = new StringWriter();
    Measurer wrong = wrongQuiver(new InProcessMeasurer(memory.allocator()));
    SuiteRunner runner = runner(ClickBenchSql.QUERIES, wrong, log).keepGoing(true);
    List<ResultRecord> records = run(ClickBenchSql.QUERIES, hits, runner, List.of("q00"), List.of(1));
    assertThat(runner.failures()).singleElement().asString().contains("clickbench q00").contains("quiver")
        .contains("answered wrongly");
    assertThat(records).filteredOn(record -> record.system().equals("quiver")).singleElement()
        .satisfies(record -> {
          assertThat(record.pass()).isEqualTo(SuiteRunner.FAILED_PASS);
          assertThat(record.answer()).startsWith(SuiteRunner.WRONG_PREFIX);
        });
    assertThat(records).filteredOn(record -> record.system().equals("duckdb-parquet")).hasSize(2);

    Path results = directory.resolve("wrong.jsonl");
    ResultsFile.append(results, records);
    Path markdown = directory.resolve("WRONG.md");
    Report.write(results, markdown, directory.resolve("wrong-charts"), new PrintWriter(new StringWriter()));
    assertThat(Files.readString(markdown, StandardCharsets.UTF_8)).contains("| q00 | **WRONG** |")
        .contains(
            "| ClickBench queries Quiver answered wrongly or failed = 0 | at any thread count | 1.000 | **missed** |");
  }

  @Test
  void aRowOutsideTheTiesTheLimitCutIsWrong() throws Exception {
    StringWriter log = new StringWriter();
    // q33 (URL, c ORDER BY c DESC LIMIT 10): the last row's URL replaced by one that is not in the answer.
    Measurer wrong = changedQuiver(new InProcessMeasurer(memory.allocator()), lines -> {
      int last = lines.length - 2;
      lines[last] = lines[last].replaceFirst("^s:[^\t]*", "s:https://nowhere.example/");
    });
    SuiteRunner runner = runner(ClickBenchSql.QUERIES, wrong, log).keepGoing(true);
    run(ClickBenchSql.QUERIES, hits, runner, List.of("q33"), List.of(1));
    assertThat(runner.failures()).singleElement().asString().contains("clickbench q33").contains("answered wrongly")
        .contains("row 10 of 10").contains("nowhere.example");
  }
}
