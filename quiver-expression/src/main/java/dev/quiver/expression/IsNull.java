package dev.quiver.expression;

import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code column IS [NOT] NULL}; never NULL itself.
 *
 * @param column the column tested
 * @param negated whether this is IS NOT NULL
 */
public record IsNull(ColumnReference column, boolean negated) implements Expression {
  public IsNull {
    Objects.requireNonNull(column, "column");
  }

  @Override
  public Set<String> columns() {
    return Set.of(column.name());
  }

  @Override
  public String toString() {
    return column + (negated ? " IS NOT NULL" : " IS NULL");
  }

  @Override
  public ArrowType type() {
    return ArrowType.Bool.INSTANCE;
  }
}
