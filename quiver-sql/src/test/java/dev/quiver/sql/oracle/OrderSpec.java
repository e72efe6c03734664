package dev.quiver.sql.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a query promises about the order of its answer: the output columns its outermost ORDER BY
 * sorts by (empty: no order, compare as multisets) and whether a LIMIT/OFFSET/FETCH may cut the
 * answer (then ties at the cut are not determined by the query).
 *
 * @param keyColumns 0-based output column indexes of the ORDER BY keys, in order
 * @param limited whether the outermost query has LIMIT, OFFSET or FETCH
 */
public record OrderSpec(List<Integer> keyColumns, boolean limited) {
  private static final Pattern ORDER_BY = Pattern.compile("\\border\\s+by\\b");
  private static final Pattern CLAUSE_END = Pattern.compile("\\b(limit|offset|fetch)\\b|;");
  private static final Pattern DIRECTION = Pattern.compile("(?i)\\s+(nulls\\s+(first|last)|asc|desc)\\s*$");

  /** Copies the key list. */
  public OrderSpec {
    keyColumns = List.copyOf(keyColumns);
  }

  /** No ORDER BY: the answer is a multiset. */
  public static OrderSpec unordered() {
    return new OrderSpec(List.of(), false);
  }

  /** Ordered by these output columns (0-based), not limited. */
  public static OrderSpec keys(Integer... columns) {
    return new OrderSpec(List.of(columns), false);
  }

  /** This spec with the limited flag set. */
  public OrderSpec limitedTo() {
    return new OrderSpec(keyColumns, true);
  }

  public boolean ordered() {
    return !keyColumns.isEmpty();
  }

  /**
   * Reads the outermost ORDER BY of {@code sql} and resolves each key against the answer's column
   * names: an ordinal ({@code ORDER BY 2}), or a name equal (case-insensitively, qualifier dropped)
   * to an output column's name or alias, as in all 22 TPC-H queries.
   *
   * @throws IllegalArgumentException for a key that is an expression not in the output (name the
   *     keys yourself with {@link #keys} then)
   */
  public static OrderSpec fromSql(String sql, List<String> columnNames) {
    String masked = mask(sql).toLowerCase(Locale.ROOT);
    String topLevel = topLevelOnly(masked);
    boolean limited = CLAUSE_END.matcher(topLevel).results().anyMatch(match -> !match.group().equals(";"));
    Matcher orderBy = ORDER_BY.matcher(topLevel);
    int clauseStart = -1;
    while (orderBy.find()) {
      clauseStart = orderBy.end();
    }
    if (clauseStart < 0) {
      return new OrderSpec(List.of(), limited);
    }
    Matcher end = CLAUSE_END.matcher(topLevel);
    int clauseEnd = end.find(clauseStart) ? end.start() : topLevel.length();
    List<Integer> keys = new ArrayList<>();
    for (String item : splitTopLevel(sql.substring(clauseStart, clauseEnd), masked.substring(clauseStart, clauseEnd))) {
      keys.add(resolve(item, columnNames, sql));
    }
    return new OrderSpec(keys, limited);
  }

  /**
   * {@code sql} without its outermost LIMIT/OFFSET/FETCH (everything from the first of them at the
   * top level to the end, a trailing semicolon dropped): the unlimited query whose answer the rows
   * of a cut tie group must come from. {@code sql} itself when it has none.
   */
  public static String withoutLimit(String sql) {
    String topLevel = topLevelOnly(mask(sql).toLowerCase(Locale.ROOT));
    Matcher end = CLAUSE_END.matcher(topLevel);
    while (end.find()) {
      if (!end.group().equals(";")) {
        return sql.substring(0, end.start()).stripTrailing();
      }
    }
    return sql;
  }

  private static int resolve(String item, List<String> columnNames, String sql) {
    String key = item.trim();
    for (Matcher direction = DIRECTION.matcher(key); direction.find(); direction = DIRECTION.matcher(key)) {
      key = key.substring(0, direction.start()).trim();
    }
    if (key.matches("\\d+")) {
      int ordinal = Integer.parseInt(key);
      if (ordinal >= 1 && ordinal <= columnNames.size()) {
        return ordinal - 1;
      }
    } else {
      String name = key.contains(".") ? key.substring(key.lastIndexOf('.') + 1) : key;
      if (name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")) {
        name = name.substring(1, name.length() - 1);
      }
      for (int i = 0; i < columnNames.size(); i++) {
        if (columnNames.get(i).equalsIgnoreCase(name)) {
          return i;
        }
      }
    }
    throw new IllegalArgumentException("ORDER BY key '" + key + "' is not an output column of " + columnNames
        + " (give the keys with OrderSpec.keys): " + sql);
  }

  /** Items of a comma list, split at commas outside parentheses (found in the masked text). */
  private static List<String> splitTopLevel(String text, String masked) {
    List<String> items = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < masked.length(); i++) {
      char c = masked.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        items.add(text.substring(start, i));
        start = i + 1;
      }
    }
    items.add(text.substring(start));
    return items;
  }

  /** {@code sql} with string literals, quoted names and comments blanked out (same length). */
  static String mask(String sql) {
    StringBuilder masked = new StringBuilder(sql);
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      int end;
      if (c == '\'' || c == '"') {
        end = sql.indexOf(c, i + 1);
        while (end >= 0 && end + 1 < sql.length() && sql.charAt(end + 1) == c) {
          end = sql.indexOf(c, end + 2);
        }
        end = end < 0 ? sql.length() : end + 1;
        // Keep the quotes of a quoted name so that a key can still be matched by it.
        for (int j = i + 1; j < end - 1; j++) {
          masked.setCharAt(j, c == '"' ? sql.charAt(j) : ' ');
        }
      } else if (sql.startsWith("--", i)) {
        end = sql.indexOf('\n', i);
        end = end < 0 ? sql.length() : end;
        blank(masked, i, end);
      } else if (sql.startsWith("/*", i)) {
        end = sql.indexOf("*/", i + 2);
        end = end < 0 ? sql.length() : end + 2;
        blank(masked, i, end);
      } else {
        end = i + 1;
      }
      i = end;
    }
    return masked.toString();
  }

  /** The masked text with everything inside parentheses blanked, so only the outermost query is left. */
  private static String topLevelOnly(String masked) {
    StringBuilder top = new StringBuilder(masked);
    int depth = 0;
    for (int i = 0; i < masked.length(); i++) {
      char c = masked.charAt(i);
      if (c == '(') {
        depth++;
      }
      if (depth > 0) {
        top.setCharAt(i, c == '(' || c == ')' ? c : ' ');
      }
      if (c == ')') {
        depth--;
      }
    }
    return top.toString();
  }

  private static void blank(StringBuilder text, int from, int to) {
    for (int j = from; j < to; j++) {
      if (text.charAt(j) != '\n') {
        text.setCharAt(j, ' ');
      }
    }
  }
}
