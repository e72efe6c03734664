package dev.quiver.expression;

import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code starts_with(column, prefix)} on a utf8 column (String prefix) or binary column (byte[] prefix).
 *
 * @param column the column tested
 * @param prefix the prefix; a NULL prefix makes the result NULL
 */
public record StartsWith(ColumnReference column, Literal prefix) implements Expression {
  public StartsWith {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(prefix, "prefix");
  }

  @Override
  public Set<String> columns() {
    return Set.of(column.name());
  }

  @Override
  public String toString() {
    return "starts_with(" + column + ", " + prefix + ")";
  }

  @Override
  public ArrowType type() {
    return ArrowType.Bool.INSTANCE;
  }
}
