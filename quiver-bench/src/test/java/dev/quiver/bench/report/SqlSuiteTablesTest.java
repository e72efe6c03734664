package dev.quiver.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.results.ResultsFile;
import dev.quiver.bench.run.SuiteRunner;
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

/**
 * The ClickBench and FineWeb sections from hand-made records: medians, ratios, the sum over the
 * queries every system answered (a WRONG cell and the extra top-phrases query left out), and the
 * targets computed from them.
 */
class SqlSuiteTablesTest {
  @TempDir
  Path directory;

  private static ResultRecord record(String suite, String subject, String system, int pass, double millis,
      String answer) {
    return new ResultRecord("run", suite, "2026-02-01T00:00:00Z", "abc", "machine", "jvm", List.of(), "hits",
        Map.of("rows", "1000000", "seed", "42"), subject, system, 1, pass, millis * 1e6, 1, 100L << 20, answer,
        pass == -1, Map.of());
  }

  @Test
  void sumsRatiosAndTargets() throws Exception {
    List<ResultRecord> records = new ArrayList<>();
    // q00: Quiver 30 ms, DuckDB 10 ms, Parquet 20 ms; q01: 40 / 10 / 40; q02: Parquet WRONG; top-phrases: 100 / 1 / 1.
    double[][] times = {{30, 10, 20}, {40, 10, 40}, {5, 5, 5}, {100, 1, 1}};
    String[] subjects = {"q00", "q01", "q02", "top-phrases"};
    String[] systems = {"quiver", "duckdb", "duckdb-parquet"};
    for (int q = 0; q < subjects.length; q++) {
      for (int s = 0; s < systems.length; s++) {
        if (subjects[q].equals("q02") && s == 2) {
          records.add(record("clickbench", "q02", systems[s], SuiteRunner.FAILED_PASS, -1,
              SuiteRunner.WRONG_PREFIX + "row 1 differs"));
          continue;
        }
        for (int pass = -1; pass < 3; pass++) {
          records.add(record("clickbench", subjects[q], systems[s], pass, times[q][s] + (pass == 1 ? 1 : 0), "rows=1"));
        }
      }
    }
    for (int pass = -1; pass < 1; pass++) {
      records.add(record("fineweb-sql", "fineweb-dump", "quiver", pass, 12, "rows=1"));
      records.add(record("fineweb-sql", "fineweb-dump", "duckdb", pass, 10, "rows=1"));
    }
    Path results = directory.resolve("results.jsonl");
    ResultsFile.append(results, records);
    Path markdown = directory.resolve("BENCHMARKS.md");
    Report.write(results, markdown, directory.resolve("charts"), new PrintWriter(new StringWriter()));
    String text = Files.readString(markdown, StandardCharsets.UTF_8);
    assertThat(text).contains("(1,000,000 rows)")
        .contains("| q00 | 30.0 ms | 10.0 ms | 20.0 ms | 3.00 | 1.50 | 100 / 100 / 100 | 1 |")
        .contains("| q02 | 5.0 ms | 5.0 ms | **WRONG** | 1.00 | — | 100 / 100 / — | 1 |")
        .contains("| top-phrases | 100.0 ms | 1.0 ms | 1.0 ms | 100.00 | 100.00 | 100 / 100 / 100 | 1 |")
        .contains("| **sum of 2** | **70.0 ms** | **20.0 ms** | **60.0 ms** | **3.50** | **1.17** | | |")
        .contains(
            "| ClickBench time Quiver / DuckDB on Parquet ≤ 1.0 | sum of 2 queries, 1 thread, 1,000,000 rows | 1.167"
                + " | **missed** |")
        .contains("| ClickBench time Quiver / DuckDB (own tables) ≤ 2.0 | sum of 2 queries, 1 thread, 1,000,000 rows"
            + " | 3.500 | **missed** |")
        .contains("| ClickBench every query Quiver / DuckDB (own tables) ≤ 5.0 | largest: q01, 1 thread, 1,000,000 rows"
            + " | 4.000 | met |")
        .contains("| ClickBench queries Quiver answered wrongly or failed = 0 | at any thread count | 0.000 | met |")
        .contains("| FineWeb SQL time Quiver / DuckDB (own tables) ≤ 1.5 | fineweb-dump, 1 thread, 1,000,000 rows"
            + " | 1.200 | met |");
  }

  @Test
  void aSystemTheRunLeftOutDoesNotEmptyTheSum() throws Exception {
    // `--systems quiver,duckdb`: no Parquet records; the sum is over the queries both measured systems answered
    List<ResultRecord> records = new ArrayList<>();
    double[][] times = {{30, 10}, {40, 10}};
    String[] subjects = {"q00", "q01"};
    String[] systems = {"quiver", "duckdb"};
    for (int q = 0; q < subjects.length; q++) {
      for (int s = 0; s < systems.length; s++) {
        for (int pass = -1; pass < 3; pass++) {
          records.add(record("clickbench", subjects[q], systems[s], pass, times[q][s], "rows=1"));
        }
      }
    }
    Path results = directory.resolve("results.jsonl");
    ResultsFile.append(results, records);
    Path markdown = directory.resolve("BENCHMARKS.md");
    Report.write(results, markdown, directory.resolve("charts"), new PrintWriter(new StringWriter()));
    assertThat(Files.readString(markdown, StandardCharsets.UTF_8))
        .contains("| **sum of 2** | **70.0 ms** | **20.0 ms** | **—** | **3.50** | **—** | | |");
  }
}
