package dev.quiver.sql.session;

import dev.quiver.sql.oracle.DuckDbOracle;
import dev.quiver.sql.oracle.OrderSpec;
import dev.quiver.sql.oracle.Result;
import dev.quiver.sql.oracle.ResultComparison;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random window queries, Quiver against DuckDB on one Parquet file (seed printed, replay with
 * {@code -Dquiver.window.seed=}): ranking, value and aggregate functions, partitions with NULL keys,
 * orders with ties, DESC and NULLS FIRST, ROWS and RANGE frames (offsets, EXCLUDE). Functions whose
 * answer depends on the order of tied rows are ordered by a unique id last; RANGE frames, which need
 * one ORDER BY key, carry only functions that tied rows cannot change.
 */
class WindowDifferentialTest {
  private static final int QUERIES = 120;

  @TempDir
  Path folder;

  @Test
  void randomWindowQueriesAgreeWithDuckDb() throws Exception {
    long seed = Long.getLong("quiver.window.seed", System.nanoTime());
    System.out.println("WindowDifferentialTest seed " + seed + " (-Dquiver.window.seed=" + seed + ")");
    Random random = new Random(seed);
    String file = folder.resolve("w.parquet").toString();
    long salt = random.nextInt(1_000_000);
    try (DuckDbOracle duckDb = DuckDbOracle.inMemory();
        SessionRunner quiver = new SessionRunner(SessionOptions.defaults().withThreads(2))) {
      duckDb.execute("COPY (SELECT i AS id,"
          + " CASE WHEN (i * 7919 + " + salt + ") % 11 = 0 THEN NULL ELSE CAST((i * 104729 + " + salt
          + ") % 5 AS INTEGER) END AS g,"
          + " CASE WHEN (i * 31 + " + salt + ") % 13 = 0 THEN NULL ELSE CAST((i * 7907 + " + salt
          + ") % 40 AS INTEGER) END AS k,"
          + " CASE WHEN (i * 17 + " + salt + ") % 7 = 0 THEN NULL ELSE CAST((i * 6007 + " + salt
          + ") % 201 - 100 AS INTEGER) END AS x,"
          + " CASE WHEN (i * 13 + " + salt + ") % 9 = 0 THEN NULL ELSE ((i * 3001 + " + salt
          + ") % 400) / 8.0 END AS d,"
          + " CASE WHEN (i * 11 + " + salt + ") % 8 = 0 THEN NULL ELSE 's' || ((i * 2003 + " + salt
          + ") % 30) END AS s"
          + " FROM range(" + (300 + random.nextInt(2_500)) + ") t(i)) TO '" + file + "' (FORMAT PARQUET)");
      for (int query = 0; query < QUERIES; query++) {
        String sql = randomQuery(random, file);
        Result expected = duckDb.run(sql);
        Result actual = quiver.run(sql);
        ResultComparison.assertSameAnswer("seed " + seed + " query " + query + ": " + sql, expected, actual,
            OrderSpec.keys(0), null);
      }
    }
  }

  private static String randomQuery(Random random, String file) {
    List<String> calls = new ArrayList<>();
    int count = 1 + random.nextInt(3);
    for (int i = 0; i < count; i++) {
      String call = randomCall(random);
      if (call.contains("EXCLUDE")) {
        // DuckDB 2.0.0.1 answers an EXCLUDE window wrongly beside another EXCLUDE window of another
        // partitioning (seed 47412860347935, query 61: sum 67 instead of 134, its own answer alone): alone
        calls.clear();
        calls.add(call + " AS c0");
        break;
      }
      calls.add(call + " AS c" + i);
    }
    return "SELECT id, " + String.join(", ", calls) + " FROM '" + file + "'"
        + (random.nextInt(4) == 0 ? " WHERE x > -50" : "") + " ORDER BY id";
  }

  private static String pick(Random random, String... choices) {
    return choices[random.nextInt(choices.length)];
  }

  private static String partition(Random random) {
    return pick(random, "", "PARTITION BY g ", "PARTITION BY g, k % 3 ", "PARTITION BY s ");
  }

  private static String key(Random random, String column) {
    return column + pick(random, "", " DESC", " NULLS FIRST", " DESC NULLS LAST", " DESC NULLS FIRST");
  }

  private static String randomCall(Random random) {
    String partition = partition(random);
    switch (random.nextInt(4)) {
      case 0: {
        // ranking that ties cannot change
        String function = pick(random, "rank()", "dense_rank()", "percent_rank()", "cume_dist()");
        return function + " OVER (" + partition + "ORDER BY " + key(random, pick(random, "k", "x", "d", "s")) + ")";
      }
      case 1: {
        // needs a total order
        String order = "ORDER BY " + key(random, pick(random, "k", "x", "s")) + ", id";
        String function = pick(random, "row_number()", "ntile(" + (1 + random.nextInt(6)) + ")",
            "lag(x, " + random.nextInt(3) + ")", "lead(s, " + (1 + random.nextInt(3)) + ", 'none')",
            "lag(d, 1, d)", "lead(x)");
        return function + " OVER (" + partition + order + ")";
      }
      case 2: {
        String order = "ORDER BY " + key(random, pick(random, "k", "x", "s")) + ", id";
        String function = pick(random, "count(*)", "count(x)", "sum(x)", "min(x)", "max(s)", "avg(x)",
            "first_value(x)", "last_value(s)", "nth_value(x, " + (1 + random.nextInt(3)) + ")", "min(d)");
        return function + " OVER (" + partition + order + frame(random, "ROWS") + ")";
      }
      default: {
        String order = "ORDER BY " + key(random, pick(random, "k", "x", "d"));
        String function = pick(random, "count(*)", "count(x)", "sum(x)", "min(x)", "max(s)", "avg(x)", "max(d)");
        return function + " OVER (" + partition + order + frame(random, "RANGE") + ")";
      }
    }
  }

  /** A frame DuckDB and Calcite both accept: the lower bound never after the upper one. */
  private static String frame(Random random, String kind) {
    if (random.nextInt(5) == 0) {
      return "";
    }
    int lower = random.nextInt(4);
    int upper = lower + random.nextInt(5 - lower);
    if (upper == 0) {
      upper = 1;
    }
    String[] lowers = {"UNBOUNDED PRECEDING", random.nextInt(4) + " PRECEDING", "CURRENT ROW",
        random.nextInt(4) + " FOLLOWING"};
    String[] uppers = {"", random.nextInt(4) + " PRECEDING", "CURRENT ROW", random.nextInt(4) + " FOLLOWING",
        "UNBOUNDED FOLLOWING"};
    if (lower == 1 && upper == 1) {
      lowers[1] = "3 PRECEDING";
    }
    if (lower == 3 && upper == 3) {
      uppers[3] = "3 FOLLOWING";
    }
    String exclude = pick(random, "", "", " EXCLUDE CURRENT ROW", " EXCLUDE GROUP", " EXCLUDE TIES");
    return " " + kind + " BETWEEN " + lowers[lower] + " AND " + uppers[upper] + exclude;
  }
}
