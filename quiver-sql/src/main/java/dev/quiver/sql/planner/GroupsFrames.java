package dev.quiver.sql.planner;

import dev.quiver.sql.SqlException;
import dev.quiver.sql.planner.QueryText.Token;
import dev.quiver.sql.planner.QueryText.TokenKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Window frames in GROUPS units ({@code OVER (ORDER BY k GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW)}),
 * which Calcite's grammar does not read, carried through it on the query's text: a frame without
 * offsets is the same frame in RANGE units (CURRENT ROW is the row's peers in both) and is written so; a
 * frame with offsets is written in ROWS units with each offset n written as {@link #MARKER} + n, which
 * {@link WindowTranslation} reads back as GROUPS with offset n ({@link #groupsOffset}). Offsets must be
 * whole-number literals (DuckDB's and PostgreSQL's offsets may be expressions; Quiver's frame offsets
 * are constants).
 */
final class GroupsFrames {
  /**
   * 2^62: a ROWS offset at or above it is a GROUPS offset of (offset − 2^62). No real ROWS offset comes
   * near it (a partition holds at most 2^31 rows).
   */
  static final BigInteger MARKER = BigInteger.ONE.shiftLeft(62);

  private static final BigDecimal MARKER_DECIMAL = new BigDecimal(MARKER);
  private static final int MAX_DIGITS = 18;

  private GroupsFrames() {}

  /**
   * The replacement texts of tokens of {@code words} (by index) that write the GROUPS frames as Calcite
   * reads them; empty when there are none.
   */
  static Map<Integer, String> find(List<Token> words, String sql) {
    Map<Integer, String> replacements = new HashMap<>();
    for (int index = 0; index + 1 < words.size(); index++) {
      Token token = words.get(index);
      if (!token.isWord("groups") || !startsFrame(words.get(index + 1), sql) || !inWindow(words, index, sql)) {
        continue;
      }
      int end = index + 1;
      boolean offsets = false;
      for (int depth = 0; end < words.size(); end++) {
        Token at = words.get(end);
        if (at.isOther(sql, '(')) {
          depth++;
        } else if (at.isOther(sql, ')') && depth-- == 0 || depth == 0 && at.isWord("exclude")) {
          break;
        } else if (at.isWord("preceding") || at.isWord("following")) {
          Token before = words.get(end - 1);
          if (!before.isWord("unbounded")) {
            offsets = true;
            offset(words, end - 1, sql, replacements);
          }
        }
      }
      replacements.put(index, offsets ? "rows  " : "range ");
    }
    return replacements;
  }

  /** Whether a ROWS offset read from Calcite's plan is a GROUPS offset ({@link #MARKER} or above). */
  static boolean isGroupsOffset(BigDecimal offset) {
    return offset != null && offset.compareTo(MARKER_DECIMAL) >= 0;
  }

  /** The GROUPS offset a marked ROWS offset stands for. */
  static BigDecimal groupsOffset(BigDecimal offset) {
    return offset.subtract(MARKER_DECIMAL);
  }

  /** A frame of a column's name: its unit, then its two bounds (offsets are digits). */
  private static final Pattern NAMED_FRAME = Pattern.compile(
      "ROWS BETWEEN (\\d+|UNBOUNDED|CURRENT) (PRECEDING|FOLLOWING|ROW) AND (\\d+|UNBOUNDED|CURRENT)"
          + " (PRECEDING|FOLLOWING|ROW)");

  /**
   * A column's name ({@link OutputNames}) with its marked frames written as GROUPS frames again (a GROUPS
   * frame without offsets ran, and is named, as the same frame in RANGE units).
   */
  static String named(String name) {
    if (!name.contains("ROWS BETWEEN")) {
      return name;
    }
    Matcher frame = NAMED_FRAME.matcher(name);
    StringBuilder out = new StringBuilder();
    while (frame.find()) {
      String lower = frame.group(1);
      String upper = frame.group(3);
      boolean marked = isMarked(lower) || isMarked(upper);
      String text = marked ? "GROUPS BETWEEN " + unmarked(lower) + " " + frame.group(2) + " AND " + unmarked(upper)
          + " " + frame.group(4) : frame.group();
      frame.appendReplacement(out, Matcher.quoteReplacement(text));
    }
    frame.appendTail(out);
    return out.toString();
  }

  private static boolean isMarked(String word) {
    return Character.isDigit(word.charAt(0)) && isGroupsOffset(new BigDecimal(word));
  }

  private static String unmarked(String word) {
    return isMarked(word) ? groupsOffset(new BigDecimal(word)).toPlainString() : word;
  }

  private static boolean startsFrame(Token next, String sql) {
    return next.isWord("between") || next.isWord("unbounded") || next.isWord("current") || isDigit(next, sql)
        || next.isOther(sql, '-');
  }

  /** Whether the word at {@code index} stands inside {@code OVER (...)} or a WINDOW clause's {@code AS (...)}. */
  private static boolean inWindow(List<Token> words, int index, String sql) {
    int depth = 0;
    for (int i = index - 1; i > 0; i--) {
      Token at = words.get(i);
      if (at.isOther(sql, ')')) {
        depth++;
      } else if (at.isOther(sql, '(') && depth-- == 0) {
        Token opener = words.get(i - 1);
        return opener.isWord("over") || opener.isWord("as");
      }
    }
    return false;
  }

  private static boolean isDigit(Token token, String sql) {
    return token.kind() == TokenKind.OTHER && Character.isDigit(sql.charAt(token.start()));
  }

  /**
   * The offset whose last token is at {@code last} (digits, one token each) rewritten as MARKER + n: the
   * first digit's token takes the extra digits, so the text grows only by insertions.
   */
  private static void offset(List<Token> words, int last, String sql, Map<Integer, String> replacements) {
    Token lastToken = words.get(last);
    if (!isDigit(lastToken, sql)) {
      throw error(lastToken, sql, "a GROUPS frame offset must be a whole-number literal (an expression, a"
          + " parameter or a negative number is not supported)");
    }
    int first = last;
    while (first > 0 && isDigit(words.get(first - 1), sql) && words.get(first - 1).end() == words.get(first).start()) {
      first--;
    }
    Token before = first > 0 ? words.get(first - 1) : null;
    if (before != null && (before.isOther(sql, '-') || before.end() == words.get(first).start()
        && before.isOther(sql, '.'))) {
      throw error(before, sql, "a GROUPS frame offset must be a non-negative whole number");
    }
    String digits = sql.substring(words.get(first).start(), lastToken.end());
    if (digits.length() > MAX_DIGITS) {
      throw error(words.get(first), sql, "a GROUPS frame offset of more than " + MAX_DIGITS + " digits");
    }
    String marked = MARKER.add(new BigInteger(digits)).toString();
    int count = last - first + 1;
    // the first digit's token takes all but the last (count - 1) characters, each later token one
    replacements.put(first, marked.substring(0, marked.length() - (count - 1)));
    for (int k = 1; k < count; k++) {
      int at = marked.length() - (count - 1) + (k - 1);
      replacements.put(first + k, marked.substring(at, at + 1));
    }
  }

  private static SqlException error(Token token, String sql, String message) {
    String before = sql.substring(0, token.start());
    int line = (int) before.chars().filter(c -> c == '\n').count() + 1;
    return new SqlException(line, token.start() - before.lastIndexOf('\n'), message);
  }
}
