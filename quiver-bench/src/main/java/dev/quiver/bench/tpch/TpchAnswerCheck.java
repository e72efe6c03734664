package dev.quiver.bench.tpch;

import dev.quiver.bench.run.AnswerCheck;
import dev.quiver.bench.sql.AnswerValues;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Compares two {@link TpchAnswer} texts: the same columns (count), the same number of rows, and row
 * for row the same values, where two numbers are the same when equal, within a relative
 * {@value #RELATIVE_TOLERANCE}, or equal once the finer is rounded to the coarser's scale (a system
 * that answers {@code avg} as a double against one that answers a decimal of the query's output
 * scale). The order counts as the expected answer's ORDER BY says: rows whose order keys are the same
 * (a run of ties) may come in any order among themselves; a query without ORDER BY is compared as a
 * multiset; a key that is not an output column makes the whole order count.
 */
public final class TpchAnswerCheck implements AnswerCheck {
  static final double RELATIVE_TOLERANCE = AnswerValues.RELATIVE_TOLERANCE;
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
    if (want.rows.size() != got.rows.size()) {
      return "expected " + want.rows.size() + " rows, got " + got.rows.size() + firstRows(want, got);
    }
    int start = 0;
    while (start < want.rows.size()) {
      int end = start + 1;
      while (end < want.rows.size() && tied(want, start, end)) {
        end++;
      }
      String difference = compareRun(want, got, start, end);
      if (difference != null) {
        return difference;
      }
      start = end;
    }
    return null;
  }

  /** Whether expected row {@code other} has row {@code first}'s order keys. */
  private static boolean tied(Parsed want, int first, int other) {
    if (want.orderColumns == null) {
      return false;
    }
    for (int column : want.orderColumns) {
      if (!same(want.rows.get(first)[column], want.rows.get(other)[column])) {
        return false;
      }
    }
    return true;
  }

  private static String compareRun(Parsed want, Parsed got, int start, int end) {
    List<String[]> expectedRows = new ArrayList<>(want.rows.subList(start, end));
    List<String[]> actualRows = new ArrayList<>(got.rows.subList(start, end));
    if (end - start > MATCHED_RUN) {
      Comparator<String[]> byText = Comparator.comparing(row -> String.join("\t", row));
      expectedRows.sort(byText);
      actualRows.sort(byText);
      for (int i = 0; i < expectedRows.size(); i++) {
        if (!sameRow(expectedRows.get(i), actualRows.get(i))) {
          return rowDifference(want, expectedRows.get(i), actualRows.get(i), start, end);
        }
      }
      return null;
    }
    boolean[] used = new boolean[actualRows.size()];
    for (String[] row : expectedRows) {
      int match = -1;
      for (int i = 0; i < actualRows.size() && match < 0; i++) {
        if (!used[i] && sameRow(row, actualRows.get(i))) {
          match = i;
        }
      }
      if (match < 0) {
        String[] closest = null;
        for (int i = 0; i < actualRows.size() && closest == null; i++) {
          closest = used[i] ? null : actualRows.get(i);
        }
        return rowDifference(want, row, closest, start, end);
      }
      used[match] = true;
    }
    return null;
  }

  private static String rowDifference(Parsed want, String[] expected, String[] actual, int start, int end) {
    String where = end - start == 1 ? "row " + (start + 1)
        : "rows " + (start + 1) + "–" + end + " (tied on the order keys)";
    return String.format(Locale.ROOT, "%s of %d: expected %s, got %s (columns %s)", where, want.rows.size(),
        Arrays.toString(expected), actual == null ? "nothing" : Arrays.toString(actual), Arrays.toString(want.names));
  }

  private static String firstRows(Parsed want, Parsed got) {
    return "; first expected " + (want.rows.isEmpty() ? "none" : Arrays.toString(want.rows.get(0))) + ", first got "
        + (got.rows.isEmpty() ? "none" : Arrays.toString(got.rows.get(0)));
  }

  static boolean sameRow(String[] expected, String[] actual) {
    return AnswerValues.sameRow(expected, actual);
  }

  /** Whether two canonical values are the same answer ({@link AnswerValues#same}). */
  static boolean same(String expected, String actual) {
    return AnswerValues.same(expected, actual);
  }

  /** Equal, within the relative tolerance, or equal at the coarser value's scale ({@link AnswerValues#close}). */
  static boolean close(BigDecimal expected, BigDecimal actual) {
    return AnswerValues.close(expected, actual);
  }

  /** An answer text split into its order line, column names and rows of values. */
  private record Parsed(int[] orderColumns, String[] names, List<String[]> rows) {
    static Parsed of(String text) {
      String[] lines = text.split("\n", -1);
      if (lines.length < 2 || !lines[0].startsWith(TpchAnswer.ORDER)) {
        throw new IllegalArgumentException(
            "not a TPC-H answer: " + (text.length() > 80 ? text.substring(0, 80) : text));
      }
      String[] order = lines[0].split("\t");
      int[] orderColumns;
      if (order.length > 1 && order[1].equals(TpchAnswer.STRICT)) {
        orderColumns = null;
      } else if (order.length > 1 && order[1].equals(TpchAnswer.UNORDERED)) {
        orderColumns = new int[0];
      } else {
        orderColumns = Arrays.stream(order).skip(1).mapToInt(Integer::parseInt).toArray();
      }
      String[] names = lines[1].isEmpty() ? new String[0] : lines[1].split("\t", -1);
      List<String[]> rows = new ArrayList<>();
      for (int i = 2; i < lines.length; i++) {
        if (i == lines.length - 1 && lines[i].isEmpty()) {
          break;
        }
        rows.add(lines[i].split("\t", -1));
      }
      return new Parsed(orderColumns, names, rows);
    }
  }
}
