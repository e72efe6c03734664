package dev.quiver.sql.planner;

import java.util.Set;

/**
 * DuckDB's (and PostgreSQL's) names that Calcite's Babel grammar still reserves: {@code date},
 * {@code time}, {@code timestamp}, {@code interval}, {@code user}, {@code next}, {@code rows},
 * {@code range}, {@code partition} and others of DuckDB's unreserved words are column names in DuckDB
 * wherever a name fits ({@code SELECT date FROM t}, {@code t(date, time)}, {@code date > '2024-01-01'}).
 * Such a word is read as a name (and quoted for Calcite) when what follows it cannot continue the
 * keyword (a typed literal {@code DATE '2024-01-01'}, {@code TIMESTAMP WITH TIME ZONE}, {@code AT TIME
 * ZONE}) and it is not a type ({@code CAST(x AS date)}, {@code x::date}).
 */
final class DialectWords {
  /** The words Babel reserves that DuckDB lets name columns. */
  private static final Set<String> NAMES = Set.of("date", "time", "timestamp", "interval", "user", "next", "rows",
      "range", "current", "new", "over", "partition", "set", "skip", "uuid", "call", "cursor", "insert", "update",
      "delete", "drop", "explain", "snapshot", "volatile");

  /** Of those, the words that start a window frame ({@code ROWS BETWEEN ...}, {@code RANGE UNBOUNDED ...}). */
  private static final Set<String> FRAME_WORDS = Set.of("rows", "range");

  /**
   * DuckDB's functions whose names Babel parses with other grammars (BigQuery's {@code DATE_DIFF(a, b, unit)},
   * {@code DATEDIFF(unit, ...)} and {@code DATE_PART(unit, x)} with a keyword unit): quoted before {@code (},
   * they are plain calls of DuckDB's functions ({@code date_diff('day', a, b)}).
   */
  private static final Set<String> FUNCTIONS = Set.of("date_diff", "datediff", "date_part", "datepart");

  /** Words after which a name ends: the clause and operator keywords that may follow a column. */
  private static final Set<String> FOLLOWING_WORDS = Set.of("from", "as", "where", "group", "order", "limit",
      "offset", "and", "or", "is", "in", "not", "between", "like", "ilike", "desc", "asc", "nulls", "then", "else",
      "end", "when", "union", "except", "intersect", "having", "on", "using", "join", "inner", "left", "right",
      "full", "cross", "natural", "window", "qualify", "filter", "over", "collate");

  /** Characters after which a name ends: separators and operators. */
  private static final String FOLLOWING_CHARACTERS = ",);=<>+-*/%|!.:^&";

  private DialectWords() {}

  /**
   * Whether the word {@code lowerWord} stands here as a name.
   *
   * @param previous the token before it (null at the start)
   * @param beforePrevious the token before that
   * @param next the token after it (null at the end)
   * @param insideCast whether the innermost open parenthesis is a {@code CAST(} or {@code TRY_CAST(}
   */
  static boolean isName(String lowerWord, QueryText.Token previous, QueryText.Token beforePrevious,
      QueryText.Token next, String sql, boolean insideCast) {
    if (FUNCTIONS.contains(lowerWord)) {
      return next != null && next.isOther(sql, '(');
    }
    if (!NAMES.contains(lowerWord)) {
      return false;
    }
    if (FRAME_WORDS.contains(lowerWord) && next != null && (next.isWord("between") || next.isWord("unbounded")
        || next.isWord("current"))) {
      return false; // a window frame
    }
    if (previous == null) {
      return false; // a statement's first word (SET, INSERT, EXPLAIN ...)
    }
    if (FRAME_WORDS.contains(lowerWord) && previous.kind() == QueryText.TokenKind.OTHER
        && Character.isDigit(sql.charAt(previous.end() - 1))) {
      return false; // OFFSET 5 ROWS, FETCH FIRST 5 ROWS
    }
    if (previous != null && previous.isOther(sql, ':') && beforePrevious != null
        && beforePrevious.isOther(sql, ':')) {
      return false; // x::date
    }
    if (previous != null && insideCast && previous.isWord("as")) {
      return false; // CAST(x AS date)
    }
    if (previous != null && (previous.isWord("with") || previous.isWord("without") || previous.isWord("at"))) {
      return false; // TIMESTAMP WITH TIME ZONE, AT TIME ZONE
    }
    if (next == null) {
      return true;
    }
    if (next.kind() == QueryText.TokenKind.WORD) {
      return FOLLOWING_WORDS.contains(next.lowerWord());
    }
    if (next.kind() == QueryText.TokenKind.SEMICOLON || next.kind() == QueryText.TokenKind.INTEGER_DIVISION) {
      return true;
    }
    if (next.kind() == QueryText.TokenKind.OTHER) {
      return FOLLOWING_CHARACTERS.indexOf(sql.charAt(next.start())) >= 0;
    }
    return false;
  }
}
