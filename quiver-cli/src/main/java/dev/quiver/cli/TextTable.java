package dev.quiver.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table: a header row and data rows, columns padded to their widest cell and separated
 * by two spaces; text columns left-aligned, number columns right-aligned. Rows may be printed as they
 * come ({@link #printRow}) once the widths are fixed by {@link #fixWidths}.
 */
final class TextTable {
  private final List<String> headers;
  private final boolean[] rightAligned;
  private final List<List<String>> rows = new ArrayList<>();
  private int[] widths;

  /**
   * A table with these headers.
   *
   * @param rightAligned which columns hold numbers (right-aligned)
   */
  TextTable(List<String> headers, boolean... rightAligned) {
    this.headers = List.copyOf(headers);
    this.rightAligned = new boolean[headers.size()];
    System.arraycopy(rightAligned, 0, this.rightAligned, 0, Math.min(rightAligned.length, headers.size()));
  }

  /** Adds a row (printed by {@link #print}). */
  void addRow(List<String> cells) {
    rows.add(List.copyOf(cells));
  }

  /** Fixes every column's width to at least {@code minimum} characters and its header's width. */
  void fixWidths(int... minimum) {
    widths = new int[headers.size()];
    for (int i = 0; i < widths.length; i++) {
      widths[i] = Math.max(headers.get(i).length(), i < minimum.length ? minimum[i] : 0);
    }
  }

  /** Prints the header, then every added row. */
  void print(PrintWriter out) {
    if (widths == null) {
      fixWidths();
    }
    for (List<String> row : rows) {
      for (int i = 0; i < widths.length; i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    printRow(out, headers);
    for (List<String> row : rows) {
      printRow(out, row);
    }
  }

  /** Prints one row with the current widths (the header too: pass {@link #headers()}). */
  void printRow(PrintWriter out, List<String> cells) {
    if (widths == null) {
      fixWidths();
    }
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        line.append("  ");
      }
      String cell = cells.get(i);
      int padding = Math.max(0, widths[i] - cell.length());
      if (rightAligned[i]) {
        line.append(" ".repeat(padding)).append(cell);
      } else {
        line.append(cell).append(i == cells.size() - 1 ? "" : " ".repeat(padding));
      }
    }
    out.println(line);
  }

  List<String> headers() {
    return headers;
  }
}
