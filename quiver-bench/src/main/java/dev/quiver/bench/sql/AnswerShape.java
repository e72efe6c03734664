package dev.quiver.bench.sql;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a query promises about its answer's order, for the answer check: the output columns its
 * ORDER BY sorts by (by name, or {@code #N} for the N-th column from 0 when the key is an expression
 * of the output such as {@code COUNT(*)}), and the LIMIT and OFFSET that may cut through a run of
 * ties (then which tied rows are returned is not determined by the query).
 *
 * @param keys the ORDER BY keys; empty: no order
 * @param limit the LIMIT, or -1
 * @param offset the OFFSET, or 0
 */
public record AnswerShape(List<String> keys, long limit, long offset) {
  private static final Pattern CUT = Pattern.compile(
      "(?is)\\blimit\\s+(\\d+)(?:\\s+offset\\s+(\\d+))?\\s*;?\\s*$");

  public AnswerShape {
    keys = List.copyOf(keys);
  }

  /** No order, no cut: the answer is a multiset. */
  public static AnswerShape unordered() {
    return new AnswerShape(List.of(), -1, 0);
  }

  /** Ordered by {@code keys}, cut as the statement's final {@code LIMIT n [OFFSET m]} says. */
  public static AnswerShape of(String sql, String... keys) {
    Matcher cut = CUT.matcher(sql);
    long limit = -1;
    long offset = 0;
    if (cut.find()) {
      limit = Long.parseLong(cut.group(1));
      offset = cut.group(2) == null ? 0 : Long.parseLong(cut.group(2));
    }
    return new AnswerShape(List.of(keys), limit, offset);
  }

  /** {@code sql} without its final {@code LIMIT n [OFFSET m]}: the unlimited query a cut answer comes from. */
  public static String withoutCut(String sql) {
    Matcher cut = CUT.matcher(sql);
    return cut.find() ? sql.substring(0, cut.start()).stripTrailing() : sql;
  }

  /** The key columns' positions among {@code names} (compared case-insensitively). */
  public int[] keyColumns(List<String> names) {
    int[] columns = new int[keys.size()];
    for (int i = 0; i < columns.length; i++) {
      String key = keys.get(i);
      columns[i] = key.startsWith("#") ? Integer.parseInt(key.substring(1)) : indexOf(names, key);
      if (columns[i] < 0 || columns[i] >= names.size()) {
        throw new IllegalArgumentException("ORDER BY key " + key + " is not one of the output columns " + names);
      }
    }
    return columns;
  }

  private static int indexOf(List<String> names, String key) {
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i).toLowerCase(Locale.ROOT).equals(key.toLowerCase(Locale.ROOT))) {
        return i;
      }
    }
    return -1;
  }
}
