package dev.quiver.expression;

import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code column [NOT] LIKE 'pattern' [ESCAPE 'c']} on a utf8 column: {@code %} matches any run of
 * characters, {@code _} exactly one character; the escape character makes the next one literal.
 *
 * @param column the utf8 column matched
 * @param pattern the pattern
 * @param escape the escape character, or null for none
 * @param negated whether this is NOT LIKE
 */
public record Like(ColumnReference column, String pattern, Character escape, boolean negated) implements Expression {
  public Like {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(pattern, "pattern");
    LikePattern.compile(pattern, escape);
  }

  @Override
  public Set<String> columns() {
    return Set.of(column.name());
  }

  @Override
  public String toString() {
    return column + (negated ? " NOT LIKE " : " LIKE ") + SqlText.string(pattern)
        + (escape == null ? "" : " ESCAPE " + SqlText.string(escape.toString()));
  }

  @Override
  public ArrowType type() {
    return ArrowType.Bool.INSTANCE;
  }
}
