package dev.quiver.bench.sql;

import dev.quiver.bench.run.AnswerCheck;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares two {@link SqlAnswer} texts, the expected one's shape deciding how: the same number of
 * columns and rows always; then, for an ordered answer, the ORDER BY key values row by row, and the
 * whole rows of every run of ties (rows with the same keys) as multisets, except a run a LIMIT or an
 * OFFSET may cut (the last run when the answer has exactly LIMIT rows, the first when there is an
 * OFFSET): which of the tied rows come back there is not determined by the query, so each row there
 * must be one of the expected answer's {@link TieCandidates} (the unlimited answer's rows with those
 * keys), or, without candidates, have the right keys. An answer without ORDER BY is compared as a
 * multiset, or, when a LIMIT may have cut it, each row must be one of the candidates (the unlimited
 * answer), or without candidates only the row count counts. Values compare as
 * {@link AnswerValues#same} says.
 */
public final class SqlAnswerCheck implements AnswerCheck {
  /** Tie runs up to this size are matched row by row (quadratic); longer ones are sorted first. */
  private static final int MATCHED_RUN = 64;

  @Override
  public String difference(String expected, String actual) {
    Parsed want = Parsed.of(expected);
    Parsed got = Parsed.of(actual);
    if (want.names.length != got.names.length) {
      return "expected the " + want.names.length + " columns " + Arrays.toString(want.names) + ", got "
          + got.names.length + ": " + Arrays.toString(got.names);
    }
    int rows = want.rows.size();
    if (rows != got.rows.size()) {
      return "expected " + rows + " rows, got " + got.rows.size() + "; first expected "
          + (rows == 0 ? "none" : Arrays.toString(want.rows.get(0))) + ", first got "
          + (got.rows.isEmpty() ? "none" : Arrays.toString(got.rows.get(0)));
    }
    boolean cutAtEnd = want.limit >= 0 && rows == want.limit;
    if (want.keys.length == 0) {
      return cutAtEnd ? candidates(want, got, 0, rows, TieCandidates.LAST)
          : compareRun(want, got, 0, rows, rows == 1 ? "row 1" : "rows 1–" + rows + " (no ORDER BY)");
    }
    for (int row = 0; row < rows; row++) {
      for (int key : want.keys) {
        if (!AnswerValues.same(want.rows.get(row)[key], got.rows.get(row)[key])) {
          return String.format(Locale.ROOT, "row %d of %d: expected the ORDER BY keys of %s, got %s (columns %s)",
              row + 1, rows, Arrays.toString(want.rows.get(row)), Arrays.toString(got.rows.get(row)),
              Arrays.toString(want.names));
        }
      }
    }
    int start = 0;
    while (start < rows) {
      int end = start + 1;
      while (end < rows && tied(want, start, end)) {
        end++;
      }
      boolean cutAtStart = want.offset > 0 && start == 0;
      boolean cut = (cutAtEnd && end == rows) || cutAtStart;
      String where = end - start == 1 ? "row " + (start + 1) : "rows " + (start + 1) + "–" + end + " (tied)";
      String difference = cut ? candidates(want, got, start, end, cutAtStart ? TieCandidates.FIRST : TieCandidates.LAST)
          : compareRun(want, got, start, end, where);
      if (difference != null) {
        return difference;
      }
      start = end;
    }
    return null;
  }

  /**
   * Rows {@code start} to {@code end} of {@code got} against the expected answer's candidates in
   * {@code section}: each must be a distinct one of them; null when they are, or when there are none.
   */
  private static String candidates(Parsed want, Parsed got, int start, int end, String section) {
    List<String[]> pool = want.candidates.get(section);
    if (pool == null) {
      return null;
    }
    boolean[] used = new boolean[pool.size()];
    for (int row = start; row < end; row++) {
      String[] actual = got.rows.get(row);
      int match = -1;
      for (int i = 0; i < pool.size() && match < 0; i++) {
        if (!used[i] && AnswerValues.sameRow(pool.get(i), actual)) {
          match = i;
        }
      }
      if (match < 0) {
        return String.format(Locale.ROOT, "row %d of %d: got %s, which is not one of the %d rows of the unlimited"
            + " answer tied with it at the cut (first of them %s; columns %s)", row + 1, want.rows.size(),
            Arrays.toString(actual), pool.size(), pool.isEmpty() ? "none" : Arrays.toString(pool.get(0)),
            Arrays.toString(want.names));
      }
      used[match] = true;
    }
    return null;
  }

  private static boolean tied(Parsed want, int first, int other) {
    for (int key : want.keys) {
      if (!AnswerValues.same(want.rows.get(first)[key], want.rows.get(other)[key])) {
        return false;
      }
    }
    return true;
  }

  /** Rows {@code start} to {@code end} of both answers as multisets; null when they are the same. */
  private static String compareRun(Parsed want, Parsed got, int start, int end, String where) {
    List<String[]> expectedRows = new ArrayList<>(want.rows.subList(start, end));
    List<String[]> actualRows = new ArrayList<>(got.rows.subList(start, end));
    if (end - start > MATCHED_RUN) {
      Comparator<String[]> byText = Comparator.comparing(row -> String.join("\t", row));
      expectedRows.sort(byText);
      actualRows.sort(byText);
      for (int i = 0; i < expectedRows.size(); i++) {
        if (!AnswerValues.sameRow(expectedRows.get(i), actualRows.get(i))) {
          return difference(want, where, expectedRows.get(i), actualRows.get(i));
        }
      }
      return null;
    }
    boolean[] used = new boolean[actualRows.size()];
    for (String[] row : expectedRows) {
      int match = -1;
      for (int i = 0; i < actualRows.size() && match < 0; i++) {
        if (!used[i] && AnswerValues.sameRow(row, actualRows.get(i))) {
          match = i;
        }
      }
      if (match < 0) {
        String[] unmatched = null;
        for (int i = 0; i < actualRows.size() && unmatched == null; i++) {
          unmatched = used[i] ? null : actualRows.get(i);
        }
        return difference(want, where, row, unmatched);
      }
      used[match] = true;
    }
    return null;
  }

  private static String difference(Parsed want, String where, String[] expected, String[] actual) {
    return String.format(Locale.ROOT, "%s of %d: expected %s, got %s (columns %s)", where, want.rows.size(),
        Arrays.toString(expected), actual == null ? "nothing" : Arrays.toString(actual), Arrays.toString(want.names));
  }

  /** An answer text split into its shape, column names and rows of values. */
  private record Parsed(int[] keys, long limit, long offset, String[] names, List<String[]> rows,
      Map<String, List<String[]>> candidates) {
    static Parsed of(String text) {
      String[] lines = text.split("\n", -1);
      if (lines.length < 2 || !lines[0].startsWith(SqlAnswer.SHAPE + "\t")) {
        throw new IllegalArgumentException("not a SQL answer: " + (text.length() > 80 ? text.substring(0, 80) : text));
      }
      String[] shape = lines[0].split("\t");
      String keyList = field(shape, "keys=");
      int[] keys = keyList.isEmpty() ? new int[0] : Arrays.stream(keyList.split(",")).mapToInt(Integer::parseInt)
          .toArray();
      long limit = Long.parseLong(field(shape, "limit="));
      long offset = Long.parseLong(field(shape, "offset="));
      String[] names = lines[1].isEmpty() ? new String[0] : lines[1].split("\t", -1);
      List<String[]> rows = new ArrayList<>();
      Map<String, List<String[]>> candidates = new HashMap<>();
      List<String[]> into = rows;
      for (int i = 2; i < lines.length; i++) {
        if (i == lines.length - 1 && lines[i].isEmpty()) {
          break;
        }
        String[] values = lines[i].split("\t", -1);
        if (values[0].equals(TieCandidates.TIES)) {
          into = new ArrayList<>();
          if (values.length == 2) {
            candidates.put(values[1], into);
          }
        } else {
          into.add(values);
        }
      }
      return new Parsed(keys, limit, offset, names, rows, candidates);
    }

    private static String field(String[] shape, String prefix) {
      for (String part : shape) {
        if (part.startsWith(prefix)) {
          return part.substring(prefix.length());
        }
      }
      throw new IllegalArgumentException("the answer's shape line lacks " + prefix + ": " + String.join(" ", shape));
    }
  }
}
