package dev.quiver.expression;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/** Splits filter text into tokens. */
final class Lexer {
  private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

  private final String text;
  private final ParseErrors errors;
  private int position;

  private Lexer(String text, ParseErrors errors) {
    this.text = text;
    this.errors = errors;
  }

  /** The tokens of {@code text}, ending with an END token. */
  static List<Token> tokens(String text, ParseErrors errors) {
    Lexer lexer = new Lexer(text, errors);
    List<Token> tokens = new ArrayList<>();
    Token token;
    do {
      token = lexer.next();
      tokens.add(token);
    } while (token.kind() != Token.Kind.END);
    return tokens;
  }

  /** The number a text spells ({@code [+-]digits[.digits][e[+-]digits]}), or null. */
  static BigDecimal number(String text) {
    if (!NUMBER.matcher(text).matches()) {
      return null;
    }
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException | ArithmeticException failure) {
      return null;
    }
  }

  private Token next() {
    while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
    int start = position;
    if (position >= text.length()) {
      return new Token(Token.Kind.END, "", start, null);
    }
    char character = text.charAt(position);
    if ((character == 'x' || character == 'X') && position + 1 < text.length() && text.charAt(position + 1) == '\'') {
      position++;
      String hex = quoted('\'');
      try {
        return new Token(Token.Kind.BINARY, hex, start, HexFormat.of().parseHex(hex));
      } catch (IllegalArgumentException failure) {
        throw errors.at(start, "X'" + hex + "' is not an even number of hex digits");
      }
    }
    if (SqlText.isIdentifierStart(character)) {
      while (position < text.length() && SqlText.isIdentifierPart(text.charAt(position))) {
        position++;
      }
      return new Token(Token.Kind.IDENTIFIER, text.substring(start, position), start, null);
    }
    if (Character.isDigit(character) || (character == '.' && position + 1 < text.length()
        && Character.isDigit(text.charAt(position + 1)))) {
      return numberToken(start);
    }
    position++;
    switch (character) {
      case '\'':
        position--;
        return new Token(Token.Kind.STRING, quoted('\''), start, null);
      case '"':
        position--;
        return new Token(Token.Kind.QUOTED_IDENTIFIER, quoted('"'), start, null);
      case '(':
        return new Token(Token.Kind.LEFT_PARENTHESIS, "(", start, null);
      case ')':
        return new Token(Token.Kind.RIGHT_PARENTHESIS, ")", start, null);
      case ',':
        return new Token(Token.Kind.COMMA, ",", start, null);
      case '-':
        return new Token(Token.Kind.MINUS, "-", start, null);
      case '+':
        return new Token(Token.Kind.PLUS, "+", start, null);
      case '=':
        return new Token(Token.Kind.OPERATOR, "=", start, null);
      case '<':
        return operator(start,
            position < text.length() && (text.charAt(position) == '=' || text.charAt(position) == '>'));
      case '>':
      case '!':
        boolean equalFollows = position < text.length() && text.charAt(position) == '=';
        if (character == '!' && !equalFollows) {
          throw errors.at(start, "unexpected character '!' (use <> or !=)");
        }
        return operator(start, equalFollows);
      default:
        throw errors.at(start, "unexpected character " + describe(text.codePointAt(start)));
    }
  }

  private Token operator(int start, boolean twoCharacters) {
    if (twoCharacters) {
      position++;
    }
    String symbol = text.substring(start, position);
    return new Token(Token.Kind.OPERATOR, symbol.equals("!=") ? "<>" : symbol, start, null);
  }

  private Token numberToken(int start) {
    skipDigits();
    if (position < text.length() && text.charAt(position) == '.') {
      position++;
      skipDigits();
    }
    if (position < text.length() && (text.charAt(position) == 'e' || text.charAt(position) == 'E')) {
      int exponent = position + 1;
      if (exponent < text.length() && (text.charAt(exponent) == '+' || text.charAt(exponent) == '-')) {
        exponent++;
      }
      if (exponent < text.length() && Character.isDigit(text.charAt(exponent))) {
        position = exponent;
        skipDigits();
      }
    }
    String spelled = text.substring(start, position);
    BigDecimal value = number(spelled);
    if (value == null) {
      throw errors.at(start, "number " + spelled + " is out of range");
    }
    return new Token(Token.Kind.NUMBER, spelled, start, value);
  }

  private void skipDigits() {
    while (position < text.length() && text.charAt(position) >= '0' && text.charAt(position) <= '9') {
      position++;
    }
  }

  /** The content of a quoted run starting at {@code position}, the quote doubled inside it. */
  private String quoted(char quote) {
    int start = position;
    position++;
    StringBuilder content = new StringBuilder();
    while (true) {
      if (position >= text.length()) {
        throw errors.at(start, (quote == '"' ? "quoted identifier" : "string") + " is not closed");
      }
      char character = text.charAt(position++);
      if (character == quote) {
        if (position < text.length() && text.charAt(position) == quote) {
          position++;
        } else {
          return content.toString();
        }
      }
      content.append(character);
    }
  }

  private static String describe(int codePoint) {
    return Character.isISOControl(codePoint) || Character.isWhitespace(codePoint)
        ? String.format("U+%04X", codePoint) : "'" + new String(Character.toChars(codePoint)) + "'";
  }
}
