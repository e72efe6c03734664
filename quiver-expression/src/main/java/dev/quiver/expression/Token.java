package dev.quiver.expression;

import java.util.Locale;

/**
 * One token of filter text.
 *
 * @param kind what it is
 * @param text identifier name, operator symbol, or the string's content
 * @param position where it starts (0-based character index)
 * @param value a NUMBER's BigDecimal or a BINARY's bytes, else null
 */
record Token(Kind kind, String text, int position, Object value) {
  enum Kind {
    IDENTIFIER,
    QUOTED_IDENTIFIER,
    NUMBER,
    STRING,
    BINARY,
    OPERATOR,
    LEFT_PARENTHESIS,
    RIGHT_PARENTHESIS,
    COMMA,
    MINUS,
    PLUS,
    END
  }

  /** Whether this is the unquoted keyword {@code word} (any case). */
  boolean isKeyword(String word) {
    return kind == Kind.IDENTIFIER && text.equalsIgnoreCase(word);
  }

  /** How the token reads in a message. */
  String describe() {
    return switch (kind) {
      case END -> "the end";
      case STRING -> SqlText.string(text);
      case QUOTED_IDENTIFIER -> SqlText.identifier(text);
      case IDENTIFIER ->
        SqlText.KEYWORDS.contains(text.toUpperCase(Locale.ROOT)) ? text.toUpperCase(Locale.ROOT) : text;
      default -> "'" + text + "'";
    };
  }
}
