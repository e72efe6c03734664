package dev.quiver.bench.clickbench;

import java.util.Map;

/**
 * The ORDER BY keys of ClickBench's 43 queries as output columns, for the answer check: a name (an
 * alias or column the query selects) or {@code #N}, the N-th output column from 0, where the key is
 * an expression of the output ({@code ORDER BY COUNT(*)}). Empty for a query without ORDER BY. Q24
 * and Q26 order by EventTime, which they do not select: their keys are those of the same query
 * selecting EventTime too ({@link #CHECKED_WITH_KEYS}), which the check runs instead.
 */
final class ClickBenchKeys {
  private static final String[] NONE = {};

  /** Per query 0–42, its keys. */
  private static final String[][] KEYS = {
      NONE, NONE, NONE, NONE, NONE, NONE, NONE, // Q0–Q6: one-row aggregates
      {"#1"}, // Q7: ORDER BY COUNT(*) DESC
      {"u"}, {"c"}, {"u"}, {"u"}, {"c"}, {"u"}, {"c"}, // Q8–Q14
      {"#1"}, {"#2"}, // Q15, Q16: ORDER BY COUNT(*) DESC
      NONE, // Q17: GROUP BY ... LIMIT 10, no ORDER BY
      {"#3"}, // Q18: ORDER BY COUNT(*) DESC
      NONE, NONE, // Q19, Q20
      {"c"}, {"c"}, // Q21, Q22
      {"EventTime"}, // Q23: SELECT * ... ORDER BY EventTime
      {"EventTime"}, // Q24, checked selecting EventTime
      {"SearchPhrase"}, // Q25
      {"EventTime", "SearchPhrase"}, // Q26, checked selecting EventTime
      {"l"}, {"l"}, // Q27, Q28
      NONE, // Q29
      {"c"}, {"c"}, {"c"}, {"c"}, {"c"}, {"c"}, // Q30–Q35
      {"PageViews"}, {"PageViews"}, {"PageViews"}, {"PageViews"}, {"PageViews"}, {"PageViews"}, // Q36–Q41
      {"M"}, // Q42: ORDER BY DATE_TRUNC('minute', EventTime), selected as M
  };

  /** Q24 and Q26 selecting their ORDER BY key EventTime as well: what their answers are checked with. */
  static final Map<Integer, String> CHECKED_WITH_KEYS = Map.of(24,
      "SELECT SearchPhrase, EventTime FROM hits WHERE SearchPhrase <> '' ORDER BY EventTime LIMIT 10", 26,
      "SELECT SearchPhrase, EventTime FROM hits WHERE SearchPhrase <> '' ORDER BY EventTime, SearchPhrase LIMIT 10");

  private ClickBenchKeys() {}

  /** How many queries the table covers (ClickBench's 43). */
  static int count() {
    return KEYS.length;
  }

  static String[] of(int query) {
    return KEYS[query].clone();
  }
}
