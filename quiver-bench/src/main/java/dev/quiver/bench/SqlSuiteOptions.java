package dev.quiver.bench;

import dev.quiver.bench.sql.SqlQueries;
import dev.quiver.bench.sql.SqlSystem;
import dev.quiver.common.QuiverException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of the SQL suites over generated tables ({@code clickbench}, {@code fineweb-sql}): a picocli mixin. */
final class SqlSuiteOptions {
  @Mixin
  SqlRunOptions run;

  @Option(names = "--rows", paramLabel = "N", defaultValue = "1000000",
      description = "Rows of the generated table (default: ${DEFAULT-VALUE}).")
  long rows;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42",
      description = "The generator's seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--queries", paramLabel = "Q", split = ",",
      description = "Queries (default: all): names or numbers, ranges of numbers too, e.g. 0,3-5,q42.")
  List<String> queries;

  /** The chosen subjects, in the order given (ranges of numbers expanded). */
  List<String> subjects(SqlQueries suite) {
    if (queries == null) {
      return suite.subjects();
    }
    List<String> chosen = new ArrayList<>();
    for (String written : queries) {
      String item = written.strip();
      int dash = item.indexOf('-');
      if (dash > 0 && item.substring(0, dash).matches("[qQ]?\\d+") && item.substring(dash + 1).matches("[qQ]?\\d+")) {
        int first = Integer.parseInt(item.substring(0, dash).replaceAll("[qQ]", ""));
        int last = Integer.parseInt(item.substring(dash + 1).replaceAll("[qQ]", ""));
        if (last < first) {
          throw QuiverException.user("--queries range " + item + " is empty");
        }
        for (int number = first; number <= last; number++) {
          add(chosen, suite.subject(Integer.toString(number)));
        }
      } else {
        add(chosen, suite.subject(item));
      }
    }
    return chosen;
  }

  private static void add(List<String> chosen, String subject) {
    if (!chosen.contains(subject)) {
      chosen.add(subject);
    }
  }

  Set<SqlSystem> systems() {
    return run.systems();
  }

  /** Checks the numbers; the data directory. */
  Path checkedDataDirectory() {
    if (rows < 1) {
      throw QuiverException.user("--rows must be at least 1, not " + rows);
    }
    return run.checkedDataDirectory();
  }
}
