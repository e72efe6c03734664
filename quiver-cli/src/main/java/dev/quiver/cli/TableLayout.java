package dev.quiver.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Lays a table's text out within a width, as DuckDB's command line does: the column names, their
 * SQL types under them, a rule, the rows; when the columns are too wide together, cells past
 * {@link #CAPPED_WIDTH} characters are cut (ending in {@code …}), then middle columns are left out
 * (one {@code …} column stands for them); when rows were left out between the first and the last
 * ones, a {@code ⋮} line stands for them.
 */
final class TableLayout {
  /** The widest a column gets when the table must shrink to fit. */
  static final int CAPPED_WIDTH = 24;
  static final String ELLIPSIS = "…";
  static final String VERTICAL_ELLIPSIS = "⋮";
  private static final String GAP = "  ";

  private final List<String> names;
  private final List<String> types;
  private final boolean[] rightAligned;
  private final int maximumWidth;

  /**
   * @param rightAligned which columns hold numbers
   * @param maximumWidth the widest a line may be (the terminal's width)
   */
  TableLayout(List<String> names, List<String> types, boolean[] rightAligned, int maximumWidth) {
    this.names = names;
    this.types = types;
    this.rightAligned = rightAligned;
    this.maximumWidth = Math.max(10, maximumWidth);
  }

  /** The lines of the table. */
  Lines lay(List<String[]> head, List<String[]> tail, boolean rowsLeftOut) {
    int columns = names.size();
    int[] widths = new int[columns];
    for (int column = 0; column < columns; column++) {
      widths[column] = Math.max(width(names.get(column)), width(types.get(column)));
      for (String[] cells : head) {
        widths[column] = Math.max(widths[column], width(cells[column]));
      }
      for (String[] cells : tail) {
        widths[column] = Math.max(widths[column], width(cells[column]));
      }
    }
    List<Integer> shown = new ArrayList<>();
    for (int column = 0; column < columns; column++) {
      shown.add(column);
    }
    boolean elided = false;
    if (total(widths, shown, false) > maximumWidth) {
      for (int column = 0; column < columns; column++) {
        widths[column] = Math.min(widths[column], CAPPED_WIDTH);
      }
      if (total(widths, shown, false) > maximumWidth) {
        shown = fitting(widths);
        elided = shown.size() < columns;
      }
      int over = total(widths, shown, elided) - maximumWidth;
      if (over > 0) {
        int last = shown.get(shown.size() - 1);
        widths[last] = Math.max(1, widths[last] - over);
      }
    }
    List<String> lines = new ArrayList<>();
    boolean[] left = new boolean[columns];
    lines.add(line(names.toArray(String[]::new), widths, shown, elided, left, ELLIPSIS));
    lines.add(line(types.toArray(String[]::new), widths, shown, elided, left, ""));
    String[] rules = new String[columns];
    for (int column = 0; column < columns; column++) {
      rules[column] = "-".repeat(widths[column]);
    }
    lines.add(line(rules, widths, shown, elided, left, "-"));
    for (String[] cells : head) {
      lines.add(line(cells, widths, shown, elided, rightAligned, ELLIPSIS));
    }
    if (rowsLeftOut) {
      String[] dots = new String[columns];
      java.util.Arrays.fill(dots, VERTICAL_ELLIPSIS);
      lines.add(line(dots, widths, shown, elided, rightAligned, VERTICAL_ELLIPSIS));
    }
    for (String[] cells : tail) {
      lines.add(line(cells, widths, shown, elided, rightAligned, ELLIPSIS));
    }
    return new Lines(lines, shown.size());
  }

  /** The lines, and how many of the columns they show. */
  record Lines(List<String> lines, int columnsShown) {}

  /**
   * The columns that fit with one {@code …} column among them: taken from the left and the right in
   * turn (the first and the last columns are the ones kept), at least the first.
   */
  private List<Integer> fitting(int[] widths) {
    List<Integer> leftSide = new ArrayList<>();
    List<Integer> rightSide = new ArrayList<>();
    int used = width(ELLIPSIS);
    int left = 0;
    int right = widths.length - 1;
    boolean fromLeft = true;
    while (left <= right) {
      int column = fromLeft ? left : right;
      int needed = widths[column] + GAP.length();
      if (used + needed > maximumWidth && !(leftSide.isEmpty() && fromLeft)) {
        break;
      }
      used += needed;
      if (fromLeft) {
        leftSide.add(left++);
      } else {
        rightSide.add(0, right--);
      }
      fromLeft = !fromLeft;
    }
    List<Integer> shown = new ArrayList<>(leftSide);
    shown.addAll(rightSide);
    return shown;
  }

  private static int total(int[] widths, List<Integer> shown, boolean elided) {
    int total = 0;
    for (int column : shown) {
      total += widths[column];
    }
    int pieces = shown.size() + (elided ? 1 : 0);
    total += elided ? width(ELLIPSIS) : 0;
    return total + GAP.length() * Math.max(0, pieces - 1);
  }

  /**
   * One line: the shown columns' cells, cut and padded to their widths, with {@code marker} in the
   * {@code …} column where the left-out columns sit.
   */
  private static String line(String[] cells, int[] widths, List<Integer> shown, boolean elided, boolean[] right,
      String marker) {
    StringBuilder text = new StringBuilder();
    int previous = -1;
    for (int index = 0; index < shown.size(); index++) {
      int column = shown.get(index);
      if (index > 0) {
        text.append(GAP);
      }
      if (elided && previous >= 0 && column != previous + 1) {
        text.append(marker.isEmpty() ? " " : marker).append(GAP);
      }
      String cell = cut(cells[column], widths[column]);
      String pad = " ".repeat(widths[column] - width(cell));
      if (right[column]) {
        text.append(pad).append(cell);
      } else {
        text.append(cell).append(pad);
      }
      previous = column;
    }
    if (elided && previous != cells.length - 1) {
      text.append(GAP).append(marker.isEmpty() ? " " : marker);
    }
    int end = text.length();
    while (end > 0 && text.charAt(end - 1) == ' ') {
      end--;
    }
    return text.substring(0, end);
  }

  /** The text cut to {@code width} characters, its last one {@code …} when cut. */
  static String cut(String text, int width) {
    if (width(text) <= width) {
      return text;
    }
    int end = text.offsetByCodePoints(0, Math.max(0, width - 1));
    return text.substring(0, end) + ELLIPSIS;
  }

  static int width(String text) {
    return text.codePointCount(0, text.length());
  }
}
