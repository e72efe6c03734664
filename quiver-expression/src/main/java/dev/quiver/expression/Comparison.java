package dev.quiver.expression;

import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code column <operator> literal}. A NULL literal makes the result NULL on every row.
 *
 * @param column the column compared
 * @param operator how it is compared
 * @param literal the constant, coerced to the column's type
 */
public record Comparison(ColumnReference column, ComparisonOperator operator, Literal literal) implements Expression {
  public Comparison {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(operator, "operator");
    Objects.requireNonNull(literal, "literal");
  }

  @Override
  public Set<String> columns() {
    return Set.of(column.name());
  }

  @Override
  public String toString() {
    return column + " " + operator.symbol() + " " + literal;
  }

  @Override
  public ArrowType type() {
    return ArrowType.Bool.INSTANCE;
  }
}
