package dev.quiver.sql.session;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL text into statements at semicolons outside string literals, quoted identifiers and
 * comments, keeping where each statement starts (so an error's line can be given in the whole text).
 */
public final class SqlStatements {
  private SqlStatements() {}

  /**
   * One statement: its text and the 1-based line and column where it starts in the whole text.
   *
   * @param complete whether a semicolon ended it (the last one may still be open)
   */
  public record Statement(String text, int line, int column, boolean complete) {}

  /** The statements of {@code text}; blank ones (and comments alone) are left out. */
  public static List<Statement> split(String text) {
    List<Statement> statements = new ArrayList<>();
    int start = 0;
    int line = 1;
    int column = 1;
    int startLine = 1;
    int startColumn = 1;
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\'' || c == '"') {
        int end = i + 1;
        while (end < text.length()) {
          if (text.charAt(end) == c) {
            if (end + 1 < text.length() && text.charAt(end + 1) == c) {
              end += 2;
              continue;
            }
            break;
          }
          end++;
        }
        for (int k = i; k <= Math.min(end, text.length() - 1); k++) {
          if (text.charAt(k) == '\n') {
            line++;
            column = 1;
          } else {
            column++;
          }
        }
        i = end + 1;
        continue;
      }
      if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
        while (i < text.length() && text.charAt(i) != '\n') {
          i++;
          column++;
        }
        continue;
      }
      if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
        int end = text.indexOf("*/", i + 2);
        end = end < 0 ? text.length() : end + 2;
        for (int k = i; k < end; k++) {
          if (text.charAt(k) == '\n') {
            line++;
            column = 1;
          } else {
            column++;
          }
        }
        i = end;
        continue;
      }
      if (c == ';') {
        add(statements, text.substring(start, i), startLine, startColumn, true);
        start = i + 1;
        i++;
        column++;
        startLine = line;
        startColumn = column;
        continue;
      }
      if (c == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
      i++;
    }
    add(statements, text.substring(start), startLine, startColumn, false);
    return statements;
  }

  private static void add(List<Statement> statements, String text, int line, int column, boolean complete) {
    if (isBlank(text)) {
      return;
    }
    statements.add(new Statement(text, line, column, complete));
  }

  /** Whether the text holds nothing but white space and comments. */
  static boolean isBlank(String text) {
    String rest = text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("--[^\n]*", " ");
    return rest.isBlank();
  }
}
