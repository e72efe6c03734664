package dev.quiver.bench.report;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.run.SuiteRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The TPC-H suite's part of the report: per thread count, one row per query with each system's
 * median time, Quiver's ratios to DuckDB on its own tables and on Parquet, and each system's peak
 * RSS; the sum over the queries every system answered; peak RSS per system; and the suite's targets.
 * A query a system failed on (recorded by {@code --keep-going}) shows as FAILED.
 */
final class TpchTables {
  static final String SUITE = "tpch";
  static final String QUIVER = "quiver";
  static final String DUCKDB = "duckdb";
  static final String PARQUET = "duckdb-parquet";
  static final List<String> SYSTEMS = List.of(QUIVER, DUCKDB, PARQUET);

  private TpchTables() {}

  /** The subjects in order ({@code q01} ... {@code q22}) of the measured or failed records. */
  static List<String> subjects(List<Measured> tpch, List<ResultRecord> failures) {
    TreeSet<String> subjects = new TreeSet<>();
    tpch.forEach(m -> subjects.add(m.subject()));
    failures.forEach(f -> subjects.add(f.subject()));
    return new ArrayList<>(subjects);
  }

  /** The failure records of each subject's latest run (pass {@link SuiteRunner#FAILED_PASS}). */
  static List<ResultRecord> failures(List<ResultRecord> records, List<Measured> tpch) {
    return SqlSuiteTables.failures(records, SUITE);
  }

  static String render(List<Measured> tpch, List<ResultRecord> failures) {
    StringBuilder text = new StringBuilder("### TPC-H through SQL (`quiver bench tpch`)\n\n");
    text.append(
        "The 22 queries as the spec writes them. Quiver: `QuiverSession` over the `.qvr` tables (parse, plan and"
            + " run inside the timing); DuckDB: its own tables (a database file loaded from the same rows) and the same"
            + " rows as Parquet (views over `read_parquet`). Every system fetches the whole result as Arrow batches. Each"
            + " answer was checked against DuckDB's own tables (row counts on every run; whole answers, numbers within a"
            + " relative 1e-6 or at the coarser scale, ORDER BY respected, in every warm-up JVM).\n\n");
    List<String> subjects = subjects(tpch, failures);
    for (int threads : new TreeSet<>(threadCounts(tpch, failures))) {
      text.append(String.format(Locale.ROOT, "#### %d thread%s%n%n", threads, threads == 1 ? "" : "s"));
      text.append("| query | Quiver | DuckDB | DuckDB Parquet | Quiver / DuckDB | Quiver / DuckDB Parquet"
          + " | peak RSS MiB (Quiver / DuckDB / Parquet) | rows |\n");
      text.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
      double[] sums = new double[SYSTEMS.size()];
      boolean[] present = Tables.present(SYSTEMS, tpch, failures, threads);
      int summed = 0;
      for (String subject : subjects) {
        List<String> cells = new ArrayList<>();
        List<String> memory = new ArrayList<>();
        double[] medians = new double[SYSTEMS.size()];
        boolean complete = true;
        for (int s = 0; s < SYSTEMS.size(); s++) {
          String system = SYSTEMS.get(s);
          Optional<Measured> measured = find(tpch, subject, system, threads);
          Optional<ResultRecord> failure = failures.stream().filter(f -> f.subject().equals(subject)
              && f.system().equals(system) && f.threads() == threads).findFirst();
          medians[s] = measured.map(m -> m.time().median()).orElse(Double.NaN);
          complete &= measured.isPresent() || !present[s];
          cells.add(failure.isPresent() ? SqlSuiteTables.failureCell(failure.get())
              : measured.map(m -> Tables.seconds(m.time().median())).orElse("—"));
          memory.add(measured.map(m -> String.format(Locale.ROOT, "%,.0f", m.peakRss().median() / 1048576.0))
              .orElse("—"));
        }
        if (complete) {
          for (int s = 0; s < sums.length; s++) {
            sums[s] += present[s] ? medians[s] : 0;
          }
          summed++;
        }
        String rows = find(tpch, subject, DUCKDB, threads).map(Measured::answer).orElse("").replace("rows=", "");
        text.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s |%n", subject, cells.get(0),
            cells.get(1), cells.get(2), ratio(medians[0], medians[1]), ratio(medians[0], medians[2]),
            String.join(" / ", memory), rows));
      }
      text.append(String.format(Locale.ROOT, "| **sum of %d** | **%s** | **%s** | **%s** | **%s** | **%s** | | |%n%n",
          summed, Tables.sumCell(sums[0], present[0]), Tables.sumCell(sums[1], present[1]),
          Tables.sumCell(sums[2], present[2]), ratio(sums[0], sums[1]),
          ratio(sums[0], sums[2])));
      text.append("Peak RSS per system (the measuring JVM's, over the queries; in hot runs the verifying JVM's): ");
      List<String> peaks = new ArrayList<>();
      for (String system : SYSTEMS) {
        double max = 0;
        List<Double> values = new ArrayList<>();
        for (Measured m : tpch) {
          if (m.system().equals(system) && m.threads() == threads) {
            max = Math.max(max, m.peakRss().median());
            values.add(m.peakRss().median());
          }
        }
        values.sort(Double::compare);
        double median = values.isEmpty() ? 0 : values.get(values.size() / 2);
        peaks.add(String.format(Locale.ROOT, "%s median %,.0f MiB, largest %,.0f MiB", system, median / 1048576.0,
            max / 1048576.0));
      }
      text.append(String.join("; ", peaks)).append(".\n\n");
    }
    return text.toString();
  }

  private static List<Integer> threadCounts(List<Measured> tpch, List<ResultRecord> failures) {
    List<Integer> counts = new ArrayList<>();
    tpch.forEach(m -> counts.add(m.threads()));
    failures.forEach(f -> counts.add(f.threads()));
    return counts;
  }

  static Optional<Measured> find(List<Measured> tpch, String subject, String system, int threads) {
    return tpch.stream().filter(m -> m.subject().equals(subject) && m.system().equals(system)
        && m.threads() == threads).findFirst();
  }

  private static String ratio(double quiver, double other) {
    return Double.isNaN(quiver) || Double.isNaN(other) ? "—" : Tables.ratio(quiver, other);
  }

  /** The TPC-H targets. */
  static List<Targets.Check> targets(List<Measured> tpch, List<ResultRecord> failures) {
    List<Targets.Check> checks = new ArrayList<>();
    single(checks, tpch, "q01", 1.5);
    single(checks, tpch, "q06", 1.0);
    List<String> subjects = subjects(tpch, failures);
    for (int threads : new TreeSet<>(threadCounts(tpch, failures))) {
      double quiver = 0;
      double duckdb = 0;
      double parquet = 0;
      double quiverRss = 0;
      double duckdbRss = 0;
      int summed = 0;
      for (String subject : subjects) {
        Optional<Measured> q = find(tpch, subject, QUIVER, threads);
        Optional<Measured> d = find(tpch, subject, DUCKDB, threads);
        Optional<Measured> p = find(tpch, subject, PARQUET, threads);
        if (q.isPresent() && d.isPresent()) {
          quiverRss = Math.max(quiverRss, q.get().peakRss().median());
          duckdbRss = Math.max(duckdbRss, d.get().peakRss().median());
        }
        if (q.isPresent() && d.isPresent() && p.isPresent()) {
          quiver += q.get().time().median();
          duckdb += d.get().time().median();
          parquet += p.get().time().median();
          summed++;
        }
      }
      long failed = failures.stream().filter(f -> f.system().equals(QUIVER) && f.threads() == threads).count();
      String where = String.format(Locale.ROOT, "sum of %d queries, %d thread%s%s", summed, threads,
          threads == 1 ? "" : "s", failed == 0 ? "" : ", " + failed + " failed on Quiver (not in the sum)");
      if (summed > 0) {
        checks.add(new Targets.Check("time Quiver / DuckDB (own tables) ≤ 2.0", where, quiver / duckdb, 2.0));
        checks.add(new Targets.Check("time Quiver / DuckDB on Parquet ≤ 1.0", where, quiver / parquet, 1.0));
      }
      if (duckdbRss > 0) {
        checks.add(new Targets.Check("peak RSS Quiver / DuckDB ≤ 1.0", "largest over the queries, " + threads
            + " thread" + (threads == 1 ? "" : "s"), quiverRss / duckdbRss, 1.0));
      }
    }
    List<String> faster = new ArrayList<>();
    List<String> missed = new ArrayList<>();
    for (String subject : subjects) {
      Optional<Measured> d1 = find(tpch, subject, DUCKDB, 1);
      Optional<Measured> d2 = find(tpch, subject, DUCKDB, 2);
      Optional<Measured> q1 = find(tpch, subject, QUIVER, 1);
      Optional<Measured> q2 = find(tpch, subject, QUIVER, 2);
      if (d1.isPresent() && d2.isPresent() && d2.get().time().median() < d1.get().time().median()) {
        faster.add(subject);
        if (q1.isEmpty() || q2.isEmpty() || q2.get().time().median() >= q1.get().time().median()) {
          missed.add(subject);
        }
      }
    }
    if (!faster.isEmpty()) {
      checks.add(new Targets.Check("queries where Quiver's 2 threads are not faster than its 1 (of those where"
          + " DuckDB's are) = 0",
          faster.size() + " queries" + (missed.isEmpty() ? "" : "; missed on "
              + String.join(", ", missed)),
          missed.size(), 0));
    }
    return checks;
  }

  private static void single(List<Targets.Check> checks, List<Measured> tpch, String subject, double limit) {
    Optional<Measured> quiver = find(tpch, subject, QUIVER, 1);
    Optional<Measured> duckdb = find(tpch, subject, DUCKDB, 1);
    if (quiver.isPresent() && duckdb.isPresent()) {
      checks.add(new Targets.Check("time Quiver / DuckDB (own tables) ≤ " + limit, subject + ", 1 thread",
          quiver.get().time().median() / duckdb.get().time().median(), limit));
    }
  }
}
