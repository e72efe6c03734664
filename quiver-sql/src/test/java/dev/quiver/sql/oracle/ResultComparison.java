package dev.quiver.sql.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Compares an engine's answer with the oracle's. Values compare with {@link ValueEquivalence}
 * (numeric tolerance); columns must agree in number and in type family ({@link SqlTypes.Family};
 * a column of family OTHER on either side is checked on its values only; names are not compared:
 * engines name unaliased expressions differently). Rows compare:
 *
 * <ul>
 *   <li>without ORDER BY: as multisets;
 *   <li>with ORDER BY keys: the key values must match row by row, and within each run of rows with
 *       equal keys (a tie group, whose order the query leaves open) the rows compare as multisets;
 *   <li>with ORDER BY and a LIMIT that may cut through a tie group: as above, except that the first
 *       and last tie groups (where OFFSET and LIMIT cut) only need every returned row to exist in
 *       the unlimited answer, when that is given; without it they compare as multisets;
 *   <li>LIMIT without ORDER BY: the same number of rows, each in the unlimited answer when given.
 * </ul>
 *
 * A mismatch is described with the query label and the first differing rows of both sides.
 */
public final class ResultComparison {
  /** Rows shown per side in a mismatch message. */
  static final int SHOWN_ROWS = 8;

  private ResultComparison() {}

  /**
   * Compares {@code actual} with {@code expected}.
   *
   * @param unlimited the oracle's answer to the query without its LIMIT/OFFSET, or null
   * @return empty when they are the same answer, else a message describing the first difference
   */
  public static Optional<String> compare(Result expected, Result actual, OrderSpec order, Result unlimited) {
    Optional<String> columns = compareColumns(expected, actual);
    if (columns.isPresent()) {
      return columns;
    }
    if (expected.rowCount() != actual.rowCount()) {
      Optional<String> rows = multiset(expected.rows(), actual.rows());
      return Optional.of("row counts differ: expected " + expected.rowCount() + ", actual " + actual.rowCount()
          + rows.map(text -> "\n" + text).orElse(""));
    }
    boolean cut = order.limited() && unlimited != null;
    if (!order.ordered()) {
      return cut ? containedIn(actual.rows(), unlimited.rows(), 0) : multiset(expected.rows(), actual.rows());
    }
    for (int i = 0; i < expected.rowCount(); i++) {
      if (!ValueEquivalence.rowsEquivalent(keys(expected.rows().get(i), order), keys(actual.rows().get(i), order))) {
        return Optional
            .of("ORDER BY keys " + order.keyColumns() + " differ at row " + i + "\n" + context(expected, actual, i));
      }
    }
    int start = 0;
    while (start < expected.rowCount()) {
      int end = start + 1;
      List<Object> groupKeys = keys(expected.rows().get(start), order);
      while (end < expected.rowCount()
          && ValueEquivalence.rowsEquivalent(groupKeys, keys(expected.rows().get(end), order))) {
        end++;
      }
      boolean edge = start == 0 || end == expected.rowCount();
      Optional<String> group = cut && edge
          ? containedIn(actual.rows().subList(start, end), unlimited.rows(), start)
          : multiset(expected.rows().subList(start, end), actual.rows().subList(start, end));
      if (group.isPresent()) {
        return Optional.of("in the tie group of rows " + start + ".." + (end - 1) + " (ORDER BY keys "
            + Values.formatRow(groupKeys) + "): " + group.get());
      }
      start = end;
    }
    return Optional.empty();
  }

  /** {@link #compare} as an assertion: throws an {@link AssertionError} naming {@code label}. */
  public static void assertSameAnswer(String label, Result expected, Result actual, OrderSpec order, Result unlimited) {
    Optional<String> mismatch = compare(expected, actual, order, unlimited);
    if (mismatch.isPresent()) {
      throw new AssertionError(label + "\nanswers differ: " + mismatch.get());
    }
  }

  private static Optional<String> compareColumns(Result expected, Result actual) {
    if (expected.columnCount() != actual.columnCount()) {
      return Optional.of("column counts differ: expected " + expected.describeColumns() + ", actual "
          + actual.describeColumns());
    }
    for (int i = 0; i < expected.columnCount(); i++) {
      SqlTypes.Family left = SqlTypes.family(expected.columnTypes().get(i));
      SqlTypes.Family right = SqlTypes.family(actual.columnTypes().get(i));
      if (left != right && left != SqlTypes.Family.OTHER && right != SqlTypes.Family.OTHER) {
        return Optional.of("column " + i + " types differ: expected " + expected.describeColumns() + ", actual "
            + actual.describeColumns());
      }
    }
    return Optional.empty();
  }

  private static Optional<String> multiset(List<List<Object>> expected, List<List<Object>> actual) {
    RowMatching.Unmatched unmatched = RowMatching.match(expected, actual);
    if (unmatched.none()) {
      return Optional.empty();
    }
    return Optional.of("rows differ (as multisets)\n" + describe("only in expected", unmatched.left(), 0)
        + describe("only in actual", unmatched.right(), 0));
  }

  private static Optional<String> containedIn(List<List<Object>> actual, List<List<Object>> unlimited, int offset) {
    RowMatching.Unmatched unmatched = RowMatching.match(actual, unlimited);
    if (unmatched.left().isEmpty()) {
      return Optional.empty();
    }
    return Optional.of("rows not in the unlimited answer\n" + describe("actual", unmatched.left(), offset));
  }

  private static String describe(String title, List<RowMatching.Indexed> rows, int offset) {
    StringBuilder text = new StringBuilder("  ").append(title).append(" (").append(rows.size()).append(" rows):\n");
    for (int i = 0; i < Math.min(rows.size(), SHOWN_ROWS); i++) {
      RowMatching.Indexed row = rows.get(i);
      text.append("    #").append(row.index() + offset).append(' ').append(Values.formatRow(row.row())).append('\n');
    }
    if (rows.size() > SHOWN_ROWS) {
      text.append("    ...\n");
    }
    return text.toString();
  }

  private static String context(Result expected, Result actual, int row) {
    StringBuilder text = new StringBuilder();
    int from = Math.max(0, row - 2);
    int to = Math.min(expected.rowCount(), row + 3);
    for (int i = from; i < to; i++) {
      text.append(i == row ? "  > #" : "    #").append(i).append(" expected ")
          .append(Values.formatRow(expected.rows().get(i)))
          .append("\n        actual   ").append(Values.formatRow(actual.rows().get(i))).append('\n');
    }
    return text.toString();
  }

  private static List<Object> keys(List<Object> row, OrderSpec order) {
    List<Object> keys = new ArrayList<>(order.keyColumns().size());
    for (int column : order.keyColumns()) {
      keys.add(row.get(column));
    }
    return keys;
  }
}
