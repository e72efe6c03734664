package dev.quiver.expression;

import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;

/** How names and constants are spelled in SQL text. */
public final class SqlText {
  /** Words that cannot be bare identifiers. */
  static final Set<String> KEYWORDS = Set.of(
      "AND", "OR", "NOT", "BETWEEN", "IN", "IS", "NULL", "LIKE", "ESCAPE", "TRUE", "FALSE", "DATE",
      "TIMESTAMP");

  private SqlText() {}

  /** A name as an identifier, double-quoted (quotes doubled) unless it is a plain identifier. */
  public static String identifier(String name) {
    if (isPlainIdentifier(name)) {
      return name;
    }
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  private static boolean isPlainIdentifier(String name) {
    if (name.isEmpty() || KEYWORDS.contains(name.toUpperCase(Locale.ROOT)) || !isIdentifierStart(name.charAt(0))) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      if (!isIdentifierPart(name.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  static boolean isIdentifierStart(char character) {
    return (character >= 'a' && character <= 'z') || (character >= 'A' && character <= 'Z') || character == '_';
  }

  static boolean isIdentifierPart(char character) {
    return isIdentifierStart(character) || (character >= '0' && character <= '9');
  }

  /** A string constant: single-quoted, quotes doubled. */
  public static String string(String text) {
    return '\'' + text.replace("'", "''") + '\'';
  }

  /** A binary constant: {@code X'0a1b'}. */
  public static String binary(byte[] bytes) {
    return "X'" + HexFormat.of().formatHex(bytes) + '\'';
  }
}
