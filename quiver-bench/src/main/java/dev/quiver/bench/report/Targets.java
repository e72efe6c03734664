package dev.quiver.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The targets, checked against one run's medians: Quiver / Vortex time &le; 0.5 on every scan
 * query, Quiver / DuckDB (its own tables) &le; 1.0 on TPC-H Q6 and lineitem decode-all, Quiver /
 * Comet &le; 1.0 on every block shape, Quiver's peak RSS &le; Vortex's on every scan query.
 */
final class Targets {
  /** One checked target. */
  record Check(String target, String where, double ratio, double limit) {
    boolean met() {
      return ratio <= limit;
    }

    String row() {
      return String.format(Locale.ROOT, "| %s | %s | %.3f | %s |", target, where, ratio, met() ? "met" : "**missed**");
    }
  }

  private Targets() {}

  static List<Check> check(List<Measured> measured) {
    List<Check> checks = new ArrayList<>();
    for (Measured quiver : measured) {
      if (!quiver.system().equals("quiver")
          || !(quiver.suite().equals("scan") || quiver.suite().equals("shuffle"))) {
        continue;
      }
      String where = quiver.subject() + ", " + quiver.threads() + " thread" + (quiver.threads() == 1 ? "" : "s");
      if (quiver.suite().equals("scan")) {
        find(measured, quiver, "vortex").ifPresent(vortex -> {
          checks.add(
              new Check("time Quiver / Vortex ≤ 0.5", where, quiver.time().median() / vortex.time().median(), 0.5));
          checks.add(new Check("peak RSS Quiver / Vortex ≤ 1.0", where,
              quiver.peakRss().median() / vortex.peakRss().median(), 1.0));
        });
        if (quiver.subject().equals("tpch-q6") || quiver.subject().equals("lineitem-decode-all")) {
          find(measured, quiver, "duckdb")
              .ifPresent(duckdb -> checks.add(new Check("time Quiver / DuckDB (own tables) ≤ 1.0",
                  where, quiver.time().median() / duckdb.time().median(), 1.0)));
        }
      } else {
        find(measured, quiver, "comet").ifPresent(comet -> checks.add(new Check("block decode Quiver / Comet ≤ 1.0",
            quiver.subject(), quiver.time().median() / comet.time().median(), 1.0)));
      }
    }
    return checks;
  }

  static Optional<Measured> find(List<Measured> measured, Measured like, String system) {
    return measured.stream()
        .filter(other -> other.suite().equals(like.suite()) && other.subject().equals(like.subject())
            && other.threads() == like.threads() && other.system().equals(system))
        .findFirst();
  }
}
