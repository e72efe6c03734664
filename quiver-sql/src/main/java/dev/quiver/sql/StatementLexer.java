package dev.quiver.sql;

import java.util.Locale;

/**
 * The tokens of the statements Quiver reads before Calcite (COPY, the database's DDL and DML): words
 * (letters, digits, {@code _ . $}: qualified names and numbers are one word), 'strings', "quoted
 * names" and single symbols; white space and comments skipped. Every token knows its offset, so
 * errors can give line:column.
 */
public final class StatementLexer {
  /** The kinds of token. */
  public enum Kind {
    WORD,
    STRING,
    QUOTED,
    SYMBOL,
    END
  }

  /** One token; {@code value} is a string's or quoted name's characters without the quotes. */
  public record Token(Kind kind, String value, int offset) {
    public boolean isWord(String word) {
      return kind == Kind.WORD && value.equalsIgnoreCase(word);
    }

    public boolean isSymbol(char symbol) {
      return kind == Kind.SYMBOL && value.charAt(0) == symbol;
    }

    /** The token as the user wrote it, for messages. */
    public String shown() {
      switch (kind) {
        case END:
          return "the end of the statement";
        case STRING:
          return "'" + value + "'";
        case QUOTED:
          return "\"" + value + "\"";
        default:
          return "'" + value + "'";
      }
    }
  }

  private final String text;
  private int position;

  public StatementLexer(String text) {
    this.text = text;
  }

  public String text() {
    return text;
  }

  /** The next token (END at the end, again and again). */
  public Token next() {
    skipBlank();
    if (position >= text.length()) {
      return new Token(Kind.END, "", text.length());
    }
    int start = position;
    char c = text.charAt(position);
    if (c == '\'' || c == '"') {
      StringBuilder value = new StringBuilder();
      position++;
      while (true) {
        if (position >= text.length()) {
          throw error(start, (c == '\'' ? "the string" : "the quoted name") + " is not closed");
        }
        char d = text.charAt(position++);
        if (d == c) {
          if (position < text.length() && text.charAt(position) == c) {
            value.append(c);
            position++;
            continue;
          }
          break;
        }
        value.append(d);
      }
      return new Token(c == '\'' ? Kind.STRING : Kind.QUOTED, value.toString(), start);
    }
    if (Character.isLetterOrDigit(c) || c == '_') {
      while (position < text.length()
          && (Character.isLetterOrDigit(text.charAt(position)) || "_.$".indexOf(text.charAt(position)) >= 0)) {
        position++;
      }
      return new Token(Kind.WORD, text.substring(start, position), start);
    }
    position++;
    return new Token(Kind.SYMBOL, String.valueOf(c), start);
  }

  /**
   * Moves past the parenthesis that closes the one just read; the offset of that closing one. {@code
   * unclosed} is the error's message when there is none.
   */
  public int skipToClosingParenthesis(int openOffset, String unclosed) {
    int depth = 1;
    while (true) {
      Token token = next();
      if (token.kind() == Kind.END) {
        throw error(openOffset, unclosed);
      }
      if (token.isSymbol('(')) {
        depth++;
      } else if (token.isSymbol(')') && --depth == 0) {
        return token.offset();
      }
    }
  }

  /** The offset of the next token, without reading it. */
  public int peekOffset() {
    skipBlank();
    return position;
  }

  /** Moves to {@code offset} (one a token started at). */
  public void reset(int offset) {
    position = offset;
  }

  private void skipBlank() {
    while (position < text.length()) {
      char c = text.charAt(position);
      if (Character.isWhitespace(c)) {
        position++;
      } else if (text.startsWith("--", position)) {
        int end = text.indexOf('\n', position);
        position = end < 0 ? text.length() : end + 1;
      } else if (text.startsWith("/*", position)) {
        int end = text.indexOf("*/", position + 2);
        position = end < 0 ? text.length() : end + 2;
      } else {
        return;
      }
    }
  }

  /** A failure at {@code offset} of the text. */
  public SqlException error(int offset, String problem) {
    return new SqlException(line(offset), column(offset), problem);
  }

  /** The 1-based line of {@code offset}. */
  public int line(int offset) {
    int line = 1;
    for (int i = 0; i < offset && i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }

  /** The 1-based column of {@code offset}. */
  public int column(int offset) {
    int end = Math.min(offset, text.length());
    int lineStart = end == 0 ? 0 : text.lastIndexOf('\n', end - 1) + 1;
    return offset - lineStart + 1;
  }

  public static String upper(String word) {
    return word.toUpperCase(Locale.ROOT);
  }
}
