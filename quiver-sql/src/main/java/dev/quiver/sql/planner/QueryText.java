package dev.quiver.sql.planner;

import dev.quiver.sql.catalog.TableFunctions;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The lenient dialect's pre-pass over a query's text, before Calcite's parser sees it: a leading
 * {@code EXPLAIN [ANALYZE]} and a trailing {@code ;} are blanked out (same length, so positions do
 * not move);
 * DuckDB's words that Calcite's Babel grammar still reserves ({@code date}, {@code time}, {@code timestamp},
 * {@code interval}, {@code user}) become quoted identifiers where they stand as names ({@link DialectWords});
 * DuckDB's integer division {@code //} becomes {@code /} (Calcite would read a comment); a string literal
 * right after {@code FROM} or {@code JOIN} becomes a quoted identifier (a table given by path,
 * {@code FROM 'data/*.parquet'}); DuckDB's {@code lag(x IGNORE NULLS) OVER} becomes Calcite's {@code lag(x)
 * IGNORE NULLS OVER}; window frames in GROUPS units are written as Calcite reads them ({@link GroupsFrames}).
 * Positions of errors in the rewritten text map back to the text as written.
 */
final class QueryText {
  /** What the statement asks for. */
  enum Kind {
    QUERY,
    EXPLAIN,
    EXPLAIN_ANALYZE
  }

  private final String original;
  private final String rewritten;
  private final Kind kind;
  /** Per inserted character: its line and its 1-based column in the rewritten text. */
  private final List<int[]> insertions;
  private final List<TableFunctionCall> tableFunctions;
  /** The line and 1-based column of each {@code //} (the same in both texts: a rewrite of its own length). */
  private final List<int[]> integerDivisions;

  private QueryText(String original, String rewritten, Kind kind, List<int[]> insertions,
      List<TableFunctionCall> tableFunctions, List<int[]> integerDivisions) {
    this.original = original;
    this.rewritten = rewritten;
    this.kind = kind;
    this.insertions = insertions;
    this.tableFunctions = List.copyOf(tableFunctions);
    this.integerDivisions = List.copyOf(integerDivisions);
  }

  /** The identifier that stands for {@code GROUP BY ALL} and {@code ORDER BY ALL} ({@link DialectClauses}). */
  static final String ALL_MARKER = "$ALL";

  /** The identifier that stands in the empty list of {@code x IN ()} ({@link DialectClauses}). */
  static final String EMPTY_LIST_MARKER = "$EMPTY";

  /** The functions whose parentheses hold CAST's {@code AS type}. */
  private static final java.util.Set<String> CAST_WORDS = java.util.Set.of("cast", "try_cast");

  /** The functions whose arguments hold a FROM that is not a FROM clause ({@code TRIM('x' FROM 'xax')}). */
  private static final java.util.Set<String> FROM_FUNCTIONS = java.util.Set.of("trim", "extract", "substring",
      "overlay", "position");

  /** The function name that stands for {@code DISTINCT ON} ({@link DialectClauses}). */
  static final String DISTINCT_ON_MARKER = "$DON";

  /** Words after which {@code GROUP BY ALL} / {@code ORDER BY ALL} ends. */
  private static final java.util.Set<String> AFTER_ALL = java.util.Set.of("having", "order", "limit", "offset",
      "union", "except", "intersect", "window", "qualify", "asc", "desc", "nulls", "fetch");

  /** Words that start a clause other than FROM (ending a FROM clause's list of tables). */
  private static final java.util.Set<String> CLAUSES = java.util.Set.of("select", "where", "group", "having",
      "order", "limit", "offset", "union", "except", "intersect", "window", "qualify", "fetch", "on", "using",
      "values");

  static QueryText of(String sql) {
    List<Token> tokens = tokenize(sql);
    char[] blanked = sql.toCharArray();
    Kind kind = Kind.QUERY;
    List<Token> words = tokens.stream().filter(token -> token.kind != TokenKind.COMMENT).toList();
    if (!words.isEmpty() && words.get(0).isWord("explain")) {
      boolean analyze = words.size() > 1 && words.get(1).isWord("analyze");
      boolean calcitePlanFor = words.size() > 1 && words.get(1).isWord("plan");
      if (!calcitePlanFor) {
        kind = analyze ? Kind.EXPLAIN_ANALYZE : Kind.EXPLAIN;
        blank(blanked, words.get(0));
        if (analyze) {
          blank(blanked, words.get(1));
        }
      }
    }
    if (!words.isEmpty() && words.get(words.size() - 1).kind == TokenKind.SEMICOLON) {
      blank(blanked, words.get(words.size() - 1));
    }
    nullTreatmentAfterCall(words, sql, blanked);
    String text = new String(blanked);
    StringBuilder out = new StringBuilder(text.length() + 16);
    List<int[]> insertions = new ArrayList<>();
    int position = 0;
    Token previous = null;
    Token beforePrevious = null;
    Deque<String> parentheses = new ArrayDeque<>();
    Deque<String> clauses = new ArrayDeque<>();
    clauses.push("");
    List<TableFunctionCall> tableFunctions = new ArrayList<>();
    List<int[]> integerDivisions = new ArrayList<>();
    java.util.Set<Integer> commaAfter = new java.util.HashSet<>();
    java.util.Set<Integer> castAfter = new java.util.HashSet<>();
    InfixCasts infixCasts = InfixCasts.find(words, sql);
    Map<Integer, String> groupsFrames = GroupsFrames.find(words, sql);
    for (int index = 0; index < words.size(); index++) {
      Token token = words.get(index);
      Token next = index + 1 < words.size() ? words.get(index + 1) : null;
      out.append(text, position, token.start);
      position = token.end;
      int opens = infixCasts.opens.getOrDefault(index, 0)
          + (token.isWord("timestamptz") && next != null && next.kind == TokenKind.STRING ? 1 : 0);
      for (int open = 0; open < opens; open++) {
        insertions.add(positionOf(out, out.length()));
        out.append('(');
      }
      int close = token.kind == TokenKind.WORD && next != null && next.isOther(sql, '(')
          ? closing(words, index + 1, sql)
          : -1;
      if (close > 0 && TableFunctions.NAMES.contains(token.lowerWord) && previous != null
          && (previous.isWord("from") || previous.isWord("join") || previous.isWord("lateral")
              || (previous.isOther(sql, ',') && clauses.peek().equals("from")))) {
        String identifier = "\"$tf" + tableFunctions.size() + "\"";
        Token end = words.get(close);
        tableFunctions.add(TableFunctionCall.read(sql, token.start, next.start, end.end,
            identifier.substring(1, identifier.length() - 1)));
        out.append(identifier);
        for (int i = token.start + identifier.length(); i < end.end; i++) {
          char original = text.charAt(i);
          out.append(original == '\n' || original == '\r' ? original : ' ');
        }
        position = end.end;
        index = close;
        beforePrevious = previous;
        previous = end;
        continue;
      }
      String frameText = groupsFrames.get(index);
      if (frameText != null) {
        // a GROUPS frame's word or offset digit ({@link GroupsFrames}): longer texts are insertions
        int extra = frameText.length() - (token.end - token.start);
        for (int k = 0; k < extra; k++) {
          insertions.add(positionOf(out, out.length()));
          out.append(frameText.charAt(k));
        }
        out.append(frameText, Math.max(0, extra), frameText.length());
      } else if (token.isWord("distinct") && previous != null && previous.isWord("select") && next != null
          && next.isWord("on") && index + 2 < words.size() && words.get(index + 2).isOther(sql, '(')) {
        // DISTINCT ON (k, ...) x, ... becomes "$DON"(k, ...), x, ... for DialectClauses (same length, one comma)
        Token open = words.get(index + 2);
        int onClose = closing(words, index + 2, sql);
        if (onClose < 0) {
          out.append(text, token.start, token.end);
        } else {
          out.append('"').append(DISTINCT_ON_MARKER).append('"');
          for (int i = token.start + DISTINCT_ON_MARKER.length() + 2; i < open.start; i++) {
            char original = text.charAt(i);
            out.append(original == '\n' || original == '\r' ? original : ' ');
          }
          position = open.start;
          commaAfter.add(onClose);
          index++;
          beforePrevious = token;
          previous = next;
          continue;
        }
      } else if (close > 0 && token.isWord("trim") && isCommaList(words, index + 1, close, sql)) {
        // trim(s, characters): PostgreSQL's btrim (Calcite's TRIM takes only TRIM([BOTH] c FROM s))
        insertions.add(positionOf(out, out.length()));
        out.append('b');
        out.append(text, token.start, token.end);
      } else if (token.isWord("all") && previous != null && previous.isWord("by") && beforePrevious != null
          && (beforePrevious.isWord("group") || beforePrevious.isWord("order"))
          && (next == null || next.kind == TokenKind.SEMICOLON || next.isOther(sql, ')')
              || (next.kind == TokenKind.WORD && AFTER_ALL.contains(next.lowerWord)))) {
        insertions.add(positionOf(out, out.length()));
        out.append('"');
        insertions.add(positionOf(out, out.length()));
        out.append('$');
        out.append(text, token.start, token.end);
        insertions.add(positionOf(out, out.length()));
        out.append('"');
      } else if (token.kind == TokenKind.WORD
          && DialectWords.isName(token.lowerWord, previous, beforePrevious, next, sql,
              !parentheses.isEmpty() && CAST_WORDS.contains(parentheses.peek()))) {
        insertions.add(positionOf(out, out.length()));
        out.append('"');
        out.append(text, token.start, token.end);
        insertions.add(positionOf(out, out.length()));
        out.append('"');
      } else if (token.kind == TokenKind.STRING && previous != null
          && (previous.isWord("from") || previous.isWord("join")) && token.text(sql).indexOf('"') < 0
          && (parentheses.isEmpty() || !FROM_FUNCTIONS.contains(parentheses.peek()))) {
        String literal = token.text(sql);
        out.append('"').append(literal, 1, literal.length() - 1).append('"');
      } else if ((token.isWord("timestamptz")) && next != null
          && next.kind == TokenKind.STRING) {
        // TIMESTAMPTZ '...' (DuckDB's literal) as '...'::TIMESTAMPTZ: the word blanked, the cast after the string
        out.append(" ".repeat(token.end - token.start));
        castAfter.add(index + 1);
      } else if (token.kind == TokenKind.INTEGER_DIVISION) {
        integerDivisions.add(positionOf(out, out.length()));
        // DuckDB's integer division; Calcite's lexer would take `//` for a comment (same length: positions hold)
        out.append("/ ");
      } else {
        out.append(text, token.start, token.end);
      }
      if (token.isOther(sql, '(') && previous != null && previous.isWord("in") && next != null
          && next.isOther(sql, ')')) {
        // x IN (): DuckDB's empty list (FALSE, NULL for a NULL x); Calcite's grammar needs an element
        for (char character : ("\"" + EMPTY_LIST_MARKER + "\"").toCharArray()) {
          insertions.add(positionOf(out, out.length()));
          out.append(character);
        }
      }
      if (commaAfter.contains(index)) {
        insertions.add(positionOf(out, out.length()));
        out.append(',');
      }
      if (castAfter.contains(index)) {
        for (char character : "::TIMESTAMPTZ)".toCharArray()) {
          insertions.add(positionOf(out, out.length()));
          out.append(character);
        }
      }
      for (int closes = infixCasts.closes.getOrDefault(index, 0); closes > 0; closes--) {
        insertions.add(positionOf(out, out.length()));
        out.append(')');
      }
      if (token.isOther(sql, '(')) {
        parentheses.push(previous != null && previous.kind == TokenKind.WORD ? previous.lowerWord : "");
        clauses.push("");
      } else if (token.isOther(sql, ')')) {
        if (!parentheses.isEmpty()) {
          parentheses.pop();
        }
        if (clauses.size() > 1) {
          clauses.pop();
        }
      } else if (token.isWord("from") || token.isWord("join")) {
        clauses.pop();
        clauses.push("from");
      } else if (token.kind == TokenKind.WORD && CLAUSES.contains(token.lowerWord)) {
        clauses.pop();
        clauses.push(token.lowerWord);
      }
      beforePrevious = previous;
      previous = token;
    }
    out.append(text, position, text.length());
    return new QueryText(sql, out.toString(), kind, insertions, tableFunctions, integerDivisions);
  }

  /** The index of the token closing the parenthesis at {@code open}, or -1. */
  /**
   * DuckDB's {@code lag(x IGNORE NULLS) OVER} (and {@code RESPECT NULLS}) as Calcite's {@code lag(x) IGNORE
   * NULLS OVER}: the closing parenthesis moves into the blank before the words (same length).
   */
  private static void nullTreatmentAfterCall(List<Token> words, String sql, char[] text) {
    for (int i = 0; i + 3 < words.size(); i++) {
      Token treatment = words.get(i);
      if ((treatment.isWord("ignore") || treatment.isWord("respect")) && words.get(i + 1).isWord("nulls")
          && words.get(i + 2).isOther(sql, ')') && words.get(i + 3).isWord("over") && treatment.start > 0
          && Character.isWhitespace(sql.charAt(treatment.start - 1))) {
        text[treatment.start - 1] = ')';
        text[words.get(i + 2).start] = ' ';
      }
    }
  }

  static int closing(List<Token> words, int open, String sql) {
    int depth = 0;
    for (int i = open; i < words.size(); i++) {
      Token token = words.get(i);
      if (token.isOther(sql, '(')) {
        depth++;
      } else if (token.isOther(sql, ')') && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /** Whether the parentheses {@code open..close} hold a comma at their own level and no FROM. */
  private static boolean isCommaList(List<Token> words, int open, int close, String sql) {
    int depth = 0;
    boolean comma = false;
    for (int i = open + 1; i < close; i++) {
      Token token = words.get(i);
      if (token.isOther(sql, '(')) {
        depth++;
      } else if (token.isOther(sql, ')')) {
        depth--;
      } else if (depth == 0 && token.isOther(sql, ',')) {
        comma = true;
      } else if (depth == 0 && token.isWord("from")) {
        return false;
      }
    }
    return comma;
  }

  /** The table functions the query calls, in order: each stands in the rewritten text as its identifier. */
  List<TableFunctionCall> tableFunctions() {
    return tableFunctions;
  }

  /**
   * How many {@code //} (DuckDB's integer division, rewritten as {@code /}) stand between two positions
   * (lines and 1-based columns of the rewritten text, inclusive).
   */
  int integerDivisionsWithin(int fromLine, int fromColumn, int toLine, int toColumn) {
    int count = 0;
    for (int[] at : integerDivisions) {
      boolean afterStart = at[0] > fromLine || (at[0] == fromLine && at[1] >= fromColumn);
      boolean beforeEnd = at[0] < toLine || (at[0] == toLine && at[1] <= toColumn);
      if (afterStart && beforeEnd) {
        count++;
      }
    }
    return count;
  }

  String original() {
    return original;
  }

  /** The text for Calcite's parser. */
  String rewritten() {
    return rewritten;
  }

  Kind kind() {
    return kind;
  }

  /** The column in the original text of a 1-based column of the rewritten text's line. */
  int originalColumn(int line, int column) {
    int shift = 0;
    for (int[] insertion : insertions) {
      if (insertion[0] == line && insertion[1] < column) {
        shift++;
      }
    }
    return Math.max(1, column - shift);
  }

  private static int[] positionOf(CharSequence text, int offset) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return new int[] {line, offset - lineStart + 1};
  }

  private static void blank(char[] text, Token token) {
    for (int i = token.start; i < token.end; i++) {
      text[i] = ' ';
    }
  }

  enum TokenKind {
    WORD,
    STRING,
    QUOTED,
    COMMENT,
    SEMICOLON,
    INTEGER_DIVISION,
    OTHER
  }

  record Token(TokenKind kind, int start, int end, String lowerWord) {
    boolean isWord(String word) {
      return kind == TokenKind.WORD && lowerWord.equals(word);
    }

    String text(String sql) {
      return sql.substring(start, end);
    }

    boolean isOther(String sql, char character) {
      return kind == TokenKind.OTHER && end == start + 1 && sql.charAt(start) == character;
    }
  }

  private static List<Token> tokenize(String sql) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    int length = sql.length();
    while (i < length) {
      char character = sql.charAt(i);
      int start = i;
      if (Character.isWhitespace(character)) {
        i++;
        continue;
      }
      if (character == '-' && i + 1 < length && sql.charAt(i + 1) == '-') {
        while (i < length && sql.charAt(i) != '\n') {
          i++;
        }
        tokens.add(new Token(TokenKind.COMMENT, start, i, null));
      } else if (character == '/' && i + 1 < length && sql.charAt(i + 1) == '*') {
        int close = sql.indexOf("*/", i + 2);
        i = close < 0 ? length : close + 2;
        tokens.add(new Token(TokenKind.COMMENT, start, i, null));
      } else if (character == '\'' || character == '"') {
        i++;
        while (i < length) {
          if (sql.charAt(i) == character) {
            if (i + 1 < length && sql.charAt(i + 1) == character) {
              i += 2;
              continue;
            }
            i++;
            break;
          }
          i++;
        }
        tokens.add(new Token(character == '\'' ? TokenKind.STRING : TokenKind.QUOTED, start, i, null));
      } else if (Character.isLetter(character) || character == '_') {
        while (i < length && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
            || sql.charAt(i) == '$')) {
          i++;
        }
        tokens.add(new Token(TokenKind.WORD, start, i, sql.substring(start, i).toLowerCase(Locale.ROOT)));
      } else if (character == '/' && i + 1 < length && sql.charAt(i + 1) == '/') {
        i += 2;
        tokens.add(new Token(TokenKind.INTEGER_DIVISION, start, i, null));
      } else if (character == ';') {
        i++;
        tokens.add(new Token(TokenKind.SEMICOLON, start, i, null));
      } else {
        i++;
        tokens.add(new Token(TokenKind.OTHER, start, i, null));
      }
    }
    return tokens;
  }
}
