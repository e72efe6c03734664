package dev.quiver.expression;

import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code column [NOT] BETWEEN low AND high}: {@code low <= column AND column <= high}, or its negation.
 *
 * @param column the column tested
 * @param low the inclusive lower end
 * @param high the inclusive upper end
 * @param negated whether this is NOT BETWEEN
 */
public record Between(ColumnReference column, Literal low, Literal high, boolean negated) implements Expression {
  public Between {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(low, "low");
    Objects.requireNonNull(high, "high");
  }

  @Override
  public Set<String> columns() {
    return Set.of(column.name());
  }

  @Override
  public String toString() {
    return column + (negated ? " NOT BETWEEN " : " BETWEEN ") + low + " AND " + high;
  }

  @Override
  public ArrowType type() {
    return ArrowType.Bool.INSTANCE;
  }
}
