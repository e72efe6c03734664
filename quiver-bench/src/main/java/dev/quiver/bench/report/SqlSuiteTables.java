package dev.quiver.bench.report;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.run.SuiteRunner;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The report's part for the SQL suites over generated tables, ClickBench ({@code quiver bench
 * clickbench}) and FineWeb ({@code quiver bench fineweb-sql}): per thread count, one row per query
 * with each system's median time, Quiver's ratios to DuckDB on its own tables and on Parquet, and
 * each system's median peak RSS; the
 * sum over ClickBench's 43 where every system answered; and the targets. A query a system
 * answered wrongly shows as WRONG, one it failed on as FAILED (recorded by {@code --keep-going}),
 * never as a time.
 */
final class SqlSuiteTables {
  static final String CLICKBENCH = "clickbench";
  static final String FINEWEB = "fineweb-sql";
  static final String QUIVER = "quiver";
  static final String DUCKDB = "duckdb";
  static final String PARQUET = "duckdb-parquet";
  static final List<String> SYSTEMS = List.of(QUIVER, DUCKDB, PARQUET);
  /** The row count the targets are set at. */
  static final long TARGET_ROWS = 1_000_000;

  private SqlSuiteTables() {}

  /** The cell of a failure record: WRONG for a wrong answer, FAILED otherwise. */
  static String failureCell(ResultRecord failure) {
    return failure.answer().startsWith(SuiteRunner.WRONG_PREFIX) ? "**WRONG**" : "**FAILED**";
  }

  /** The failure records of each of {@code suite}'s subjects' latest run (pass {@link SuiteRunner#FAILED_PASS}). */
  static List<ResultRecord> failures(List<ResultRecord> records, String suite) {
    Map<String, String> latest = new LinkedHashMap<>();
    for (ResultRecord record : records) {
      if (record.suite().equals(suite)) {
        String current = latest.get(record.subject());
        if (current == null || current.compareTo(record.recordedAt() + "\u0000" + record.runId()) < 0) {
          latest.put(record.subject(), record.recordedAt() + "\u0000" + record.runId());
        }
      }
    }
    List<ResultRecord> failures = new ArrayList<>();
    for (ResultRecord record : records) {
      if (record.suite().equals(suite) && record.pass() == SuiteRunner.FAILED_PASS
          && latest.get(record.subject()).endsWith("\u0000" + record.runId())) {
        failures.add(record);
      }
    }
    return failures;
  }

  /** Whether {@code subject} is one of ClickBench's 43 ({@code q00}–{@code q42}), not an extra query. */
  static boolean clickBenchQuery(String subject) {
    return subject.matches("q\\d\\d");
  }

  static String render(String suite, List<Measured> measured, List<ResultRecord> failures) {
    boolean clickBench = suite.equals(CLICKBENCH);
    StringBuilder text = new StringBuilder(clickBench ? "### ClickBench through SQL (`quiver bench clickbench`)\n\n"
        : "### FineWeb through SQL (`quiver bench fineweb-sql`)\n\n");
    text.append(clickBench
        ? "ClickBench's 43 queries exactly as ClickBench writes them (q00–q42, its numbering) and the scan suite's"
            + " top-phrases query, on generated hits"
        : "The scan suite's FineWeb queries (`dump =`, `text LIKE`) as SQL, on generated documents");
    text.append(" (").append(rows(measured, failures)).append(
        "). Quiver: `QuiverSession` over the `.qvr` table (parse, plan and run inside the timing); DuckDB: its own table"
            + " (a database file loaded from the same rows) and the same rows as Parquet. Every system fetches the"
            + " whole result as Arrow batches. Each answer was checked against DuckDB's own table (row counts on every"
            + " run; whole answers in every warm-up JVM: ORDER BY keys row by row, the rows of a run of ties as a"
            + " multiset, and where a LIMIT or OFFSET cuts a run each row must be one of the unlimited answer's rows with those keys). WRONG: a different answer; FAILED: an error.\n\n");
    List<String> subjects = subjects(measured, failures);
    for (int threads : new TreeSet<>(threadCounts(measured, failures))) {
      text.append(String.format(Locale.ROOT, "#### %d thread%s%n%n", threads, threads == 1 ? "" : "s"));
      text.append("| query | Quiver | DuckDB | DuckDB Parquet | Quiver / DuckDB | Quiver / DuckDB Parquet"
          + " | peak RSS MiB (Quiver / DuckDB / Parquet) | rows |\n");
      text.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
      double[] sums = new double[SYSTEMS.size()];
      boolean[] present = Tables.present(SYSTEMS, measured, failures, threads);
      int summed = 0;
      for (String subject : subjects) {
        List<String> cells = new ArrayList<>();
        List<String> memory = new ArrayList<>();
        double[] medians = new double[SYSTEMS.size()];
        boolean complete = true;
        for (int s = 0; s < SYSTEMS.size(); s++) {
          Optional<ResultRecord> failure = failure(failures, subject, SYSTEMS.get(s), threads);
          Optional<Measured> one = failure.isPresent() ? Optional.empty()
              : find(measured, subject, SYSTEMS.get(s), threads);
          medians[s] = one.map(m -> m.time().median()).orElse(Double.NaN);
          complete &= one.isPresent() || !present[s];
          cells.add(failure.map(SqlSuiteTables::failureCell)
              .orElse(one.map(m -> Tables.seconds(m.time().median())).orElse("—")));
          memory.add(one.map(m -> String.format(Locale.ROOT, "%,.0f", m.peakRss().median() / 1048576.0)).orElse("—"));
        }
        if (complete && (!clickBench || clickBenchQuery(subject))) {
          for (int s = 0; s < sums.length; s++) {
            sums[s] += present[s] ? medians[s] : 0;
          }
          summed++;
        }
        String rows = find(measured, subject, DUCKDB, threads).map(Measured::answer).orElse("").replace("rows=", "");
        text.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s |%n", subject, cells.get(0),
            cells.get(1), cells.get(2), ratio(medians[0], medians[1]), ratio(medians[0], medians[2]),
            String.join(" / ", memory), rows));
      }
      if (clickBench) {
        text.append(String.format(Locale.ROOT, "| **sum of %d** | **%s** | **%s** | **%s** | **%s** | **%s** | | |%n",
            summed, Tables.sumCell(sums[0], present[0]), Tables.sumCell(sums[1], present[1]),
            Tables.sumCell(sums[2], present[2]), ratio(sums[0], sums[1]),
            ratio(sums[0], sums[2])));
        text.append("\nThe sum is over ClickBench's queries every system answered rightly (top-phrases left out).\n");
      }
      text.append('\n');
    }
    return text.toString();
  }

  /** The targets: ClickBench's sums and worst query at one thread, or FineWeb's per query at one thread. */
  static List<Targets.Check> targets(String suite, List<Measured> measured, List<ResultRecord> failures) {
    List<Targets.Check> checks = new ArrayList<>();
    String rows = rows(measured, failures);
    String atTargetRows = !suite.equals(CLICKBENCH) || rows.equals(String.format(Locale.ROOT, "%,d rows", TARGET_ROWS))
        ? ""
        : String.format(Locale.ROOT, " (the target is set at %,d rows)", TARGET_ROWS);
    if (suite.equals(FINEWEB)) {
      for (String subject : subjects(measured, failures)) {
        Optional<Measured> quiver = find(measured, subject, QUIVER, 1);
        Optional<Measured> duckdb = find(measured, subject, DUCKDB, 1);
        if (failure(failures, subject, QUIVER, 1).isEmpty() && quiver.isPresent() && duckdb.isPresent()) {
          checks.add(new Targets.Check("FineWeb SQL time Quiver / DuckDB (own tables) ≤ 1.5", subject + ", 1 thread, "
              + rows, quiver.get().time().median() / duckdb.get().time().median(), 1.5));
        }
      }
      long wrong = failures.stream().filter(f -> f.system().equals(QUIVER)).count();
      checks.add(new Targets.Check("FineWeb SQL queries Quiver answered wrongly or failed = 0",
          subjects(measured, failures).size() + " queries", wrong, 0));
      return checks;
    }
    double quiver = 0;
    double duckdb = 0;
    double parquet = 0;
    int summed = 0;
    double worst = 0;
    String worstQuery = "";
    for (String subject : subjects(measured, failures)) {
      if (!clickBenchQuery(subject) || failure(failures, subject, QUIVER, 1).isPresent()) {
        continue;
      }
      Optional<Measured> q = find(measured, subject, QUIVER, 1);
      Optional<Measured> d = find(measured, subject, DUCKDB, 1);
      Optional<Measured> p = find(measured, subject, PARQUET, 1);
      if (q.isPresent() && d.isPresent()) {
        double ratio = q.get().time().median() / d.get().time().median();
        if (ratio > worst) {
          worst = ratio;
          worstQuery = subject;
        }
        if (p.isPresent() && failure(failures, subject, PARQUET, 1).isEmpty()) {
          quiver += q.get().time().median();
          duckdb += d.get().time().median();
          parquet += p.get().time().median();
          summed++;
        }
      }
    }
    long wrong = failures.stream().filter(f -> f.system().equals(QUIVER) && clickBenchQuery(f.subject())).count();
    String where = String.format(Locale.ROOT, "sum of %d queries, 1 thread, %s%s%s", summed, rows, atTargetRows,
        wrong == 0 ? "" : "; " + wrong + " wrong or failed on Quiver (not in the sum)");
    if (summed > 0) {
      checks.add(new Targets.Check("ClickBench time Quiver / DuckDB on Parquet ≤ 1.0", where, quiver / parquet, 1.0));
      checks.add(new Targets.Check("ClickBench time Quiver / DuckDB (own tables) ≤ 2.0", where, quiver / duckdb, 2.0));
    }
    if (!worstQuery.isEmpty()) {
      checks.add(new Targets.Check("ClickBench every query Quiver / DuckDB (own tables) ≤ 5.0", "largest: "
          + worstQuery + ", 1 thread, " + rows + atTargetRows, worst, 5.0));
    }
    checks.add(new Targets.Check("ClickBench queries Quiver answered wrongly or failed = 0", "at any thread count",
        wrong, 0));
    return checks;
  }

  private static String rows(List<Measured> measured, List<ResultRecord> failures) {
    TreeSet<String> rows = new TreeSet<>();
    measured.forEach(m -> rows.add(m.first().parameters().getOrDefault("rows", "?")));
    failures.forEach(f -> rows.add(f.parameters().getOrDefault("rows", "?")));
    List<String> written = new ArrayList<>();
    for (String count : rows) {
      written.add(count.matches("\\d+") ? String.format(Locale.ROOT, "%,d", Long.parseLong(count)) : count);
    }
    return String.join(" / ", written) + " rows";
  }

  private static List<String> subjects(List<Measured> measured, List<ResultRecord> failures) {
    TreeSet<String> subjects = new TreeSet<>();
    measured.forEach(m -> subjects.add(m.subject()));
    failures.forEach(f -> subjects.add(f.subject()));
    return new ArrayList<>(subjects);
  }

  private static List<Integer> threadCounts(List<Measured> measured, List<ResultRecord> failures) {
    List<Integer> counts = new ArrayList<>();
    measured.forEach(m -> counts.add(m.threads()));
    failures.forEach(f -> counts.add(f.threads()));
    return counts;
  }

  private static Optional<ResultRecord> failure(List<ResultRecord> failures, String subject, String system,
      int threads) {
    return failures.stream().filter(f -> f.subject().equals(subject) && f.system().equals(system)
        && f.threads() == threads).findFirst();
  }

  private static Optional<Measured> find(List<Measured> measured, String subject, String system, int threads) {
    return measured.stream().filter(m -> m.subject().equals(subject) && m.system().equals(system)
        && m.threads() == threads).findFirst();
  }

  private static String ratio(double quiver, double other) {
    return Double.isNaN(quiver) || Double.isNaN(other) ? "—" : Tables.ratio(quiver, other);
  }
}
