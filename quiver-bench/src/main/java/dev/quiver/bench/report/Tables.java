package dev.quiver.bench.report;

import dev.quiver.bench.exchange.ExchangeThroughput;
import dev.quiver.bench.results.ResultRecord;
import java.util.List;
import java.util.Locale;

/** The Markdown tables of the report. */
final class Tables {
  private Tables() {}

  static String scan(List<Measured> scan) {
    StringBuilder text = new StringBuilder("### Scan suite (`quiver bench scan`)\n\n");
    text.append("Decodes: Quiver's flat chunks decoded in the measured pass (distinct chunks in brackets; a chunk that"
        + " two splits share is decoded by both until the scan's shared decode) and zones its zone maps skipped.\n\n");
    text.append(
        "| query | threads | system | median | min–max | time / Quiver's | peak RSS (median) | RSS / Quiver's | decodes | answer |\n");
    text.append("|---|---:|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (Measured m : scan) {
      Measured quiver = Targets.find(scan, m, "quiver").orElse(m);
      text.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s–%s | %s | %,.0f MiB | %s | %s | %s |%n",
          m.subject(),
          m.threads(), m.system(), seconds(m.time().median()), seconds(m.time().minimum()), seconds(m.time().maximum()),
          ratio(quiver.time().median(), m.time().median()), m.peakRss().median() / 1048576.0,
          ratio(quiver.peakRss().median(), m.peakRss().median()), decodes(m.first().details()), shorten(m.answer())));
    }
    return text.append('\n').toString();
  }

  static String shuffle(List<Measured> shuffle) {
    StringBuilder text = new StringBuilder("### Shuffle block decode (`quiver bench shuffle`)\n\n");
    text.append("µs per block (one thread; each measurement JVM decodes the block over and over for its pass).\n\n");
    text.append("| shape | system | median µs | min–max µs | Quiver / system | peak RSS (median) |\n");
    text.append("|---|---|---:|---:|---:|---:|\n");
    for (Measured m : shuffle) {
      Measured quiver = Targets.find(shuffle, m, "quiver").orElse(m);
      text.append(
          String.format(Locale.ROOT, "| %s | %s | %,.2f | %,.2f–%,.2f | %s | %,.0f MiB |%n", m.subject(), m.system(),
              m.time().median() / 1e3, m.time().minimum() / 1e3, m.time().maximum() / 1e3,
              ratio(quiver.time().median(), m.time().median()), m.peakRss().median() / 1048576.0));
    }
    if (ExchangeThroughput.implementation().isEmpty()) {
      text.append("\nExchange throughput and bytes per row: `quiver bench exchange` (`ExchangeBenchmark`, TPC-H"
          + " lineitem repartitioned; its own section above).\n");
    }
    return text.append('\n').toString();
  }

  static String targets(List<Targets.Check> checks) {
    StringBuilder text = new StringBuilder("### Targets (ratios of medians from one run)\n\n");
    text.append("| target | where | ratio | |\n|---|---|---:|---|\n");
    for (Targets.Check check : checks) {
      text.append(check.row()).append('\n');
    }
    long missed = checks.stream().filter(check -> !check.met()).count();
    text.append('\n').append(checks.size() - missed).append(" of ").append(checks.size())
        .append(" targets met; where one is missed, the hand-written notes outside this section say why.\n");
    return text.toString();
  }

  /** {@code 120 (96), 40 zones skipped} from a Quiver record's counters; blank for the peers. */
  static String decodes(java.util.Map<String, Long> details) {
    Long decoded = details.get("chunksDecoded");
    if (decoded == null) {
      return "";
    }
    long skipped = details.getOrDefault("zonesSkipped", 0L);
    return String.format(Locale.ROOT, "%,d (%,d)%s", decoded, details.getOrDefault("distinctChunks", 0L),
        skipped == 0 ? "" : String.format(Locale.ROOT, ", %,d zones skipped", skipped));
  }

  static String seconds(double nanos) {
    if (nanos >= 1e9) {
      return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
    }
    return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
  }

  /**
   * Per system, whether it was measured at all at {@code threads} threads (a record or a failure): a system a run
   * left out (`--systems quiver,duckdb`) does not empty the sums over the queries every system answered.
   */
  static boolean[] present(List<String> systems, List<Measured> measured, List<ResultRecord> failures, int threads) {
    boolean[] present = new boolean[systems.size()];
    for (int s = 0; s < systems.size(); s++) {
      String system = systems.get(s);
      present[s] = measured.stream().anyMatch(m -> m.system().equals(system) && m.threads() == threads)
          || failures.stream().anyMatch(f -> f.system().equals(system) && f.threads() == threads);
    }
    return present;
  }

  /** A sum's cell: its time, or a dash for a system not measured. */
  static String sumCell(double seconds, boolean present) {
    return present ? seconds(seconds) : "—";
  }

  static String ratio(double quiver, double other) {
    return other <= 0 ? "—" : String.format(Locale.ROOT, "%.2f", quiver / other);
  }

  static String shorten(String answer) {
    String text = answer.replace("|", "\\|");
    return text.length() <= 48 ? "`" + text + "`" : "`" + text.substring(0, 45) + "…`";
  }
}
