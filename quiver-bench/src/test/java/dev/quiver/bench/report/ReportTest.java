package dev.quiver.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.results.ResultsFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report keeps the hand-written Markdown, writes tables, targets and PNG charts, and uses the latest run. */
class ReportTest {
  @TempDir
  Path directory;

  private static ResultRecord record(String run, String at, String suite, String subject, String system, int pass,
      double nanos, long rss) {
    Map<String, Long> details = system.equals("quiver") && suite.equals("scan")
        ? Map.of("chunksDecoded", 12L, "distinctChunks", 6L, "zonesSkipped", 3L) : Map.of();
    return new ResultRecord(run, suite, at, "abc", "machine", "jvm", List.of("-Xmx2g"), "data", Map.of(), subject,
        system, 1,
        pass, nanos, 1, rss, "42", pass < 0, details);
  }

  @Test
  void writesTablesChartsAndTargetsBetweenTheMarkers() throws Exception {
    List<ResultRecord> records = new ArrayList<>();
    String old = "2026-01-01T00:00:00Z";
    records.add(record("old", old, "scan", "tpch-q6", "quiver", 0, 9e9, 100 << 20));
    records.add(record("old", old, "scan", "tpch-q6", "vortex", 0, 1e9, 100 << 20));
    String now = "2026-02-01T00:00:00Z";
    for (int pass = -1; pass < 5; pass++) {
      records
          .add(record("new", now, "scan", "tpch-q6", "quiver", pass, (pass < 0 ? 50 : 100 + pass) * 1e6, 200L << 20));
      records.add(record("new", now, "scan", "tpch-q6", "vortex", pass, 300e6, 400L << 20));
      records.add(record("new", now, "scan", "tpch-q6", "duckdb", pass, 50e6, 300L << 20));
      records.add(record("new", now, "shuffle", "50x8192-lz4", "quiver", pass, 2e6, 100L << 20));
      records.add(record("new", now, "shuffle", "50x8192-lz4", "comet", pass, 4e6, 100L << 20));
      records.add(record("new", now, "shuffle", "50x64-lz4", "quiver", pass, 20e3, 100L << 20));
      records.add(record("new", now, "shuffle", "50x64-lz4", "comet", pass, 10e3, 100L << 20));
    }
    Path results = directory.resolve("results.jsonl");
    ResultsFile.append(results, records);
    Path markdown = directory.resolve("BENCHMARKS.md");
    Files.writeString(markdown, "# Benchmarks\n\nHand-written notes.\n");
    Path charts = directory.resolve("charts");
    Report.write(results, markdown, charts, new PrintWriter(new StringWriter()));
    Report.write(results, markdown, charts, new PrintWriter(new StringWriter()));

    String text = Files.readString(markdown, StandardCharsets.UTF_8);
    assertThat(text).startsWith("# Benchmarks\n\nHand-written notes.\n");
    assertThat(text.split(MarkdownSection.BEGIN, -1)).as("one generated section after two reports").hasSize(2);
    assertThat(text)
        .contains(
            "| tpch-q6 | 1 | quiver | 102.0 ms | 100.0 ms–104.0 ms | 1.00 | 200 MiB | 1.00 | 12 (6), 3 zones skipped |")
        .contains("| tpch-q6 | 1 | vortex | 300.0 ms |").contains("| 0.34 |")
        .contains("| time Quiver / Vortex ≤ 0.5 | tpch-q6, 1 thread | 0.340 | met |")
        .contains("| time Quiver / DuckDB (own tables) ≤ 1.0 | tpch-q6, 1 thread | 2.040 | **missed** |")
        .contains("| peak RSS Quiver / Vortex ≤ 1.0 | tpch-q6, 1 thread | 0.500 | met |")
        .contains("| block decode Quiver / Comet ≤ 1.0 | 50x64-lz4 | 2.000 | **missed** |")
        .contains("(charts/scan-time-1-thread.png)").contains("(charts/block-decode-50-columns.png)")
        .doesNotContain("9.00 s");
    for (String chart : List.of("scan-time-1-thread.png", "scan-rss-1-thread.png", "block-decode-50-columns.png")) {
      byte[] png = Files.readAllBytes(charts.resolve(chart));
      assertThat(png).hasSizeGreaterThan(2_000);
      assertThat(new String(png, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
    }
  }

  @Test
  void theSectionReplacesOnlyWhatIsBetweenTheMarkers() {
    String document = "before\n" + MarkdownSection.BEGIN + "\nold\n" + MarkdownSection.END + "\nafter\n";
    assertThat(MarkdownSection.replace(document, "new\n"))
        .isEqualTo("before\n" + MarkdownSection.BEGIN + "\nnew\n" + MarkdownSection.END + "\nafter\n");
    assertThat(MarkdownSection.replace("text\n", "new"))
        .isEqualTo("text\n\n" + MarkdownSection.BEGIN + "\nnew\n" + MarkdownSection.END + "\n");
  }

  private static ResultRecord withDetails(ResultRecord record, Map<String, Long> details) {
    return new ResultRecord(record.runId(), record.suite(), record.recordedAt(), record.commit(), record.machine(),
        record.jvm(), record.jvmOptions(), record.dataset(), record.parameters(), record.subject(), record.system(),
        record.threads(), record.pass(), record.nanos(), record.operations(), record.peakRssBytes(), record.answer(),
        record.checksumVerified(), details);
  }

  @Test
  void aHotRunsPeakMemoryIsItsVerifyingJvmsAndOlderRunsKeepTheirOwn() throws Exception {
    String now = "2026-03-01T00:00:00Z";
    Map<String, Long> own = Map.of(dev.quiver.bench.run.SuiteRunner.PERSISTENT_JVM, 0L);
    Map<String, Long> persistent = Map.of(dev.quiver.bench.run.SuiteRunner.PERSISTENT_JVM, 1L);
    List<ResultRecord> records = new ArrayList<>();
    records.add(withDetails(record("hot", now, "tpch", "q01", "quiver", -1, 9e9, 300L << 20), own));
    records.add(withDetails(record("hot", now, "tpch", "q01", "quiver", -1, 8e9, 900L << 20), persistent));
    for (int pass = 0; pass < 3; pass++) {
      records.add(withDetails(record("hot", now, "tpch", "q01", "quiver", pass, 1e9, (900L + pass) << 20),
          persistent));
      records.add(record("hot", now, "tpch", "q02", "quiver", pass, 1e9, 500L << 20));
    }
    Path results = directory.resolve("hot.jsonl");
    ResultsFile.append(results, records);
    List<Measured> measured = Measured.of(ResultsFile.read(results));
    Measured q01 = measured.stream().filter(m -> m.subject().equals("q01")).findFirst().orElseThrow();
    Measured q02 = measured.stream().filter(m -> m.subject().equals("q02")).findFirst().orElseThrow();
    assertThat(q01.peakRss().median()).as("the verifying JVM's peak").isEqualTo(300 << 20);
    assertThat(q01.peakRss().count()).isEqualTo(1);
    assertThat(q01.time().count()).as("the three measured runs").isEqualTo(3);
    assertThat(q02.peakRss().median()).as("no persistent JVM: the measured runs' own").isEqualTo(500 << 20);
  }
}
