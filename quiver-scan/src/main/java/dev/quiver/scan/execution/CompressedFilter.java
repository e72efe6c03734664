package dev.quiver.scan.execution;

import dev.quiver.expression.Comparison;
import dev.quiver.expression.ComparisonOperator;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Like;
import dev.quiver.expression.StartsWith;
import dev.quiver.format.encoding.FsstPattern;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A scan filter that fsst segments can answer on their codes: the whole filter is one {@code LIKE}
 * (or NOT LIKE: the rows that are not NULL and do not match), {@code = 'literal'} or {@code starts_with} on a string
 * or binary column. Its pattern
 * is compiled once per scan; each fsst segment lifts it onto its own symbol table
 * ({@link dev.quiver.format.encoding.FsstStrings#compile}). NULL rows never match, as SQL says.
 *
 * @param column the column the filter reads
 * @param pattern the byte automaton of the filter
 */
record CompressedFilter(String column, FsstPattern pattern, boolean negated) {
  /** The compressed form of {@code filter}, or null when fsst codes cannot answer it alone. */
  static CompressedFilter of(Expression filter) {
    if (filter == null) {
      return null;
    }
    FsstPattern pattern = null;
    String column = null;
    boolean negated = false;
    if (filter instanceof Like like && isString(like.column().type())) {
      negated = like.negated();
      column = like.column().name();
      pattern = contains(like) ? FsstPattern.contains(literal(like.pattern().substring(1, like.pattern().length() - 1)))
          : FsstPattern.like(like.pattern(), like.escape());
    } else if (filter instanceof Comparison comparison && comparison.operator() == ComparisonOperator.EQUAL
        && isString(comparison.column().type()) && bytes(comparison.literal().value()) != null) {
      column = comparison.column().name();
      pattern = FsstPattern.equalTo(bytes(comparison.literal().value()));
    } else if (filter instanceof StartsWith startsWith && isString(startsWith.column().type())
        && bytes(startsWith.prefix().value()) != null) {
      column = startsWith.column().name();
      pattern = FsstPattern.prefix(bytes(startsWith.prefix().value()));
    }
    return pattern == null ? null : new CompressedFilter(column, pattern, negated);
  }

  /** {@code %needle%} with no other metacharacter (and no escape in play). */
  private static boolean contains(Like like) {
    String text = like.pattern();
    if (text.length() < 2 || text.charAt(0) != '%' || text.charAt(text.length() - 1) != '%') {
      return false;
    }
    String needle = text.substring(1, text.length() - 1);
    return needle.indexOf('%') < 0 && needle.indexOf('_') < 0
        && (like.escape() == null || needle.indexOf(like.escape()) < 0);
  }

  private static byte[] literal(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] bytes(Object value) {
    if (value instanceof String text) {
      return literal(text);
    }
    return value instanceof byte[] bytes ? bytes : null;
  }

  private static boolean isString(ArrowType type) {
    return type instanceof ArrowType.Utf8 || type instanceof ArrowType.Binary;
  }
}
