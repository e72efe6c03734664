package dev.quiver.sql.planner;

import dev.quiver.sql.planner.QueryText.Token;
import dev.quiver.sql.planner.QueryText.TokenKind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where the pre-pass puts parentheses around each {@code x::type}, so that it binds as tightly as in
 * DuckDB and PostgreSQL. Calcite's Babel grammar applies {@code ::} to the whole expression before it:
 * {@code 10 - '3'::INTEGER * 2} parses as {@code (10 - '3')::INTEGER * 2} (14, where DuckDB answers 4)
 * and {@code d - '2024-01-01'::DATE} as {@code (d - '2024-01-01')::DATE}. Written {@code (x::type)}, the
 * parser sees the cast alone.
 *
 * <p>The operand {@code x} is the primary expression right before {@code ::}: a name (dotted, quoted), a
 * number, a string (with its {@code DATE}/{@code TIMESTAMP}/{@code INTERVAL} word), a parenthesized
 * expression or a function call, or an earlier cast ({@code x::INTEGER::VARCHAR}). The type is a name of
 * one or more words ({@code TIMESTAMP WITH TIME ZONE}, {@code DOUBLE PRECISION}) with optional
 * parameters and {@code []}.
 */
final class InfixCasts {
  /** Words that may follow a type's first word as part of its name. */
  private static final Set<String> TYPE_WORDS = Set.of("with", "without", "time", "zone", "precision", "varying",
      "local");
  /** Words of typed literals: {@code DATE '2024-01-01'::VARCHAR} casts the DATE. */
  private static final Set<String> LITERAL_WORDS = Set.of("date", "time", "timestamp", "timestamptz", "interval");
  /** Words before {@code (} that are not a function's name. */
  private static final Set<String> NOT_FUNCTIONS = Set.of("and", "or", "not", "in", "exists", "select", "from",
      "where", "on", "as", "when", "then", "else", "by", "values", "any", "all", "some", "between", "like", "is",
      "case", "using", "join", "having", "over", "filter", "within", "return", "distinct", "with", "into", "set");

  /** Per token index: how many {@code (} go before it. */
  final Map<Integer, Integer> opens = new HashMap<>();
  /** Per token index: how many {@code )} go after it. */
  final Map<Integer, Integer> closes = new HashMap<>();

  private InfixCasts() {}

  static InfixCasts find(List<Token> words, String sql) {
    InfixCasts casts = new InfixCasts();
    Map<Integer, Integer> castStartEndingAt = new HashMap<>();
    for (int i = 1; i + 2 < words.size(); i++) {
      Token first = words.get(i);
      Token second = words.get(i + 1);
      if (!first.isOther(sql, ':') || !second.isOther(sql, ':') || second.start() != first.end()) {
        continue;
      }
      int start = castStartEndingAt.containsKey(i - 1) ? castStartEndingAt.get(i - 1) : primaryStart(words, i - 1,
          sql);
      int end = typeEnd(words, i + 2, sql);
      if (start < 0 || end < 0) {
        continue; // not a form we recognize: leave it to the parser
      }
      casts.opens.merge(start, 1, Integer::sum);
      casts.closes.merge(end, 1, Integer::sum);
      castStartEndingAt.put(end, start);
      i = end;
    }
    return casts;
  }

  /** The first token of the primary expression ending at token {@code last}, or -1. */
  private static int primaryStart(List<Token> words, int last, String sql) {
    Token token = words.get(last);
    if (token.isOther(sql, ')')) {
      int open = opening(words, last, sql);
      if (open < 0) {
        return -1;
      }
      if (open > 0 && words.get(open - 1).kind() == TokenKind.WORD && words.get(open - 1).end() <= words.get(open)
          .start() && !NOT_FUNCTIONS.contains(words.get(open - 1).lowerWord())) {
        return dotted(words, open - 1, sql);
      }
      return open;
    }
    if (token.kind() == TokenKind.STRING) {
      return last > 0 && words.get(last - 1).kind() == TokenKind.WORD
          && LITERAL_WORDS.contains(words.get(last - 1).lowerWord()) ? last - 1 : last;
    }
    if (token.kind() == TokenKind.WORD || token.kind() == TokenKind.QUOTED) {
      int start = dotted(words, last, sql);
      // a number with an exponent or a word glued to digits (1e5): take the digits before it too
      return number(words, start, sql);
    }
    if (token.kind() == TokenKind.OTHER && isNumberPart(sql.charAt(token.start()))) {
      return number(words, last, sql);
    }
    return -1;
  }

  /** The start of {@code a.b.c} ending at {@code last}. */
  private static int dotted(List<Token> words, int last, String sql) {
    int start = last;
    while (start >= 2 && words.get(start - 1).isOther(sql, '.')
        && (words.get(start - 2).kind() == TokenKind.WORD || words.get(start - 2).kind() == TokenKind.QUOTED)) {
      start -= 2;
    }
    return start;
  }

  /** The start of the run of digits and points glued to each other that ends at {@code last}. */
  private static int number(List<Token> words, int last, String sql) {
    int start = last;
    while (start > 0) {
      Token before = words.get(start - 1);
      if (before.end() != words.get(start).start() || before.kind() != TokenKind.OTHER
          || !isNumberPart(sql.charAt(before.start()))) {
        break;
      }
      start--;
    }
    return start;
  }

  private static boolean isNumberPart(char character) {
    return Character.isDigit(character) || character == '.';
  }

  /** The last token of the type starting at {@code first}, or -1. */
  private static int typeEnd(List<Token> words, int first, String sql) {
    Token token = words.get(first);
    if (token.kind() != TokenKind.WORD && token.kind() != TokenKind.QUOTED) {
      return -1;
    }
    int end = first;
    while (end + 1 < words.size() && words.get(end + 1).kind() == TokenKind.WORD
        && TYPE_WORDS.contains(words.get(end + 1).lowerWord())) {
      end++;
    }
    if (end + 1 < words.size() && words.get(end + 1).isOther(sql, '(')) {
      int close = QueryText.closing(words, end + 1, sql);
      if (close < 0) {
        return -1;
      }
      end = close;
    }
    while (end + 2 < words.size() && words.get(end + 1).isOther(sql, '[') && words.get(end + 2).isOther(sql, ']')) {
      end += 2;
    }
    return end;
  }

  /** The index of the {@code (} that the {@code )} at {@code close} closes, or -1. */
  private static int opening(List<Token> words, int close, String sql) {
    int depth = 0;
    for (int i = close; i >= 0; i--) {
      Token token = words.get(i);
      if (token.isOther(sql, ')')) {
        depth++;
      } else if (token.isOther(sql, '(') && --depth == 0) {
        return i;
      }
    }
    return -1;
  }
}
