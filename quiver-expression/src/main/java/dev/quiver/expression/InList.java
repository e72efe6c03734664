package dev.quiver.expression;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code column [NOT] IN (value, ...)}. A NULL in the list makes IN NULL (not FALSE) where no value
 * matches, and NOT IN never TRUE.
 *
 * @param column the column tested
 * @param values the constants, at least one
 * @param negated whether this is NOT IN
 */
public record InList(ColumnReference column, List<Literal> values, boolean negated) implements Expression {
  public InList {
    Objects.requireNonNull(column, "column");
    values = List.copyOf(values);
    if (values.isEmpty()) {
      throw new IllegalArgumentException("IN needs at least one value");
    }
  }

  @Override
  public Set<String> columns() {
    return Set.of(column.name());
  }

  @Override
  public String toString() {
    return column + (negated ? " NOT IN (" : " IN (")
        + values.stream().map(Literal::toString).collect(Collectors.joining(", ")) + ")";
  }

  @Override
  public ArrowType type() {
    return ArrowType.Bool.INSTANCE;
  }
}
